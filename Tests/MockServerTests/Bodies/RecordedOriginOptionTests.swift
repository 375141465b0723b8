import APICheck
import APICheckCLI
import Foundation
import MockServer
import TestSupport
import Testing

/// Mocks recorded from a server the declarations do not name (a staging host, a colleague's
/// port): `serve --recorded-origin URL` makes its links lead to serve as an environment's do.
@Suite struct RecordedOriginOptionTests {
    struct Row: Codable, Sendable {
        var id: Int
        var url: String
    }

    static let api = API(
        name: "rows", environments: ["local": URL(string: "http://127.0.0.1:9000/")!], envelope: .none,
        endpoints: [Endpoint<Row>(id: "rows.show", .get, "rows/1", mock: "row")])
    static let mock = #"{"id": 1, "url": "http://10.0.0.7:8001/data/rows/1", "docs": "https://docs.example.com/rows"}"#

    func served(_ origins: [URL]) async throws -> (JSONValue, Int) {
        let mocks = try TemporaryMocks(files: ["row.json": Self.mock])
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.recordedOrigins = origins
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        return (try ServeHarness.json(try await harness.send(.get, "rows/1")), harness.server.port)
    }

    @Test func linksToTheGivenOriginLeadToServe() async throws {
        let (document, port) = try await served([URL(string: "http://10.0.0.7:8001/data/")!])
        #expect(document["url"] == .string("http://127.0.0.1:\(port)/rows/1"), "\(document.compactText)")
        #expect(document["docs"] == .string("https://docs.example.com/rows"))
        let (plain, _) = try await served([])
        #expect(plain["url"] == .string("http://10.0.0.7:8001/data/rows/1"))
    }

    @Test func theOptionTakesAnHTTPURLOnly() async {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api).run(
            ["serve", "--recorded-origin", "ftp://10.0.0.7/"], console: console,
            environment: [:])
        #expect(code == 2)
        #expect(captured.err.contains("--recorded-origin"), "\(captured.err)")
    }
}
