import APICheck
import APICheckCLI
import Foundation
import RelayExample
import Testing

/// The second example API's own tool: every command works for an API without an envelope.
@Suite(.serialized) struct RelayToolTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Relay.api, name: "relaycheck").run(arguments, console: console, environment: environment)
        return (code, captured.out, captured.err)
    }

    @Test func listMocksAndOpenAPI() async throws {
        let list = await run(["list"])
        #expect(list.code == 0)
        #expect(list.out.contains("rooms.send"))
        #expect(!list.out.contains("(raw)"))
        #expect(list.out.contains("PasswordLogin (json) -> LoginAnswer"))
        #expect(list.out.contains("SeriesForm (form) -> Array<Dictionary<String, String>>"))
        let mocks = await run(["mocks", "--mocks", Relay.mocks.path])
        #expect(mocks.code == 0, "\(mocks.out)\(mocks.err)")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let openapi = await run(["openapi", "--mocks", Relay.mocks.path, "--output", output.path])
        #expect(openapi.code == 0, "\(openapi.err)")
        let document = try JSONParser.parse(Data(contentsOf: output))
        #expect(document["paths"]?["/rooms/{roomId}/messages"]?["post"]?["responses"]?["201"] != nil)
    }

    @Test func liveAgainstTheBackendPasses() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let live = await run(
            ["live", "--base-url", backend.baseURL.absoluteString, "--mocks", Relay.mocks.path],
            environment: Relay.credentials)
        #expect(live.code == 0, "\(live.out)")
        #expect(live.out.contains("\(Relay.api.endpoints.count) endpoints + 12 auth probes"))
        #expect(live.out.contains("\(Relay.api.endpoints.count) endpoints ok"))
        #expect(live.out.contains("+ 4 paging checks"))
        #expect(live.out.contains("4 paging checks ok"))
    }
}
