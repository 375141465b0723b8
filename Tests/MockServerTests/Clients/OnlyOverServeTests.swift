import APICheck
import APICheckCLI
import Foundation
import MockServer
import TestSupport
import Testing

/// `live --only X` and `record --only X` through the command line against `serve` over a socket:
/// every X works, what it needs runs first, and stderr says which.
@Suite(.serialized) struct OnlyOverServeTests {
    func cli(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: RoomsAPI.api).run(
            arguments, console: console, environment: [:],
            workingDirectory: FileManager.default.temporaryDirectory)
        return (code, captured.out, captured.err)
    }

    @Test func liveAndRecordOnlyWorkForEveryEndpoint() async throws {
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        let audit = MockAudit(api: RoomsAPI.api, directory: mocks.url).run()
        #expect(audit.allFindings.map(\.message) == [])
        let harness = try ServeHarness(api: RoomsAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let base = harness.server.baseURL.absoluteString
        for id in RoomsAPI.api.endpoints.map(\.id) {
            let live = await cli(["live", "--base-url", base, "--mocks", mocks.url.path, "--only", id])
            #expect(live.code == 0, "live --only \(id): \(live.err)")
            let recorded = try TemporaryFolder("only-record")
            defer { recorded.remove() }
            let record = await cli(["record", "--base-url", base, "--mocks", recorded.url.path, "--only", id])
            #expect(record.code == 0, "record --only \(id): \(record.err)")
            let written = try FileManager.default.contentsOfDirectory(atPath: recorded.url.path)
            #expect(written == [RoomsAPI.api.endpoint(id)!.mock + ".json"], "record --only \(id)")
        }
        let messages = await cli(["live", "--base-url", base, "--mocks", mocks.url.path, "--only", "rooms.messages"])
        #expect(
            messages.err.contains(
                "--only also runs, unreported, what the selection needs first: "
                    + "rooms.create (for rooms.messages), rooms.send (for rooms.messages)"), "\(messages.err)")
        let create = await cli(["live", "--base-url", base, "--mocks", mocks.url.path, "--only", "rooms.create"])
        #expect(!create.err.contains("--only also runs"))
    }
}
