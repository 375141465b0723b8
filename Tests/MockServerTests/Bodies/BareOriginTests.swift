import APICheck
import APICheckCLI
import CurlClient
import Foundation
import MockServer
import Synchronization
import TestSupport
import Testing

/// An API served from the root of its host: its local environment is a bare origin, no path.
enum OriginAPI {
    static let item = Endpoint<Item>(
        id: "items.show", .get, "items/{id}", parameters: [.path("id", .int, sample: .literal(7))], mock: "item", enveloped: false)
    static let items = Endpoint<[Item]>(id: "items.list", .get, "items", mock: "items", enveloped: false)

    static let api = API(
        name: "origin", environments: ["local": URL(string: "http://127.0.0.1:8080")!],
        envelope: EnvelopePolicy(), endpoints: [item, items])

    static let mocks: [String: String] = [
        "item.json": #"{"id": 7, "name": "kettle"}"#,
        "items.json": #"[{"id": 7, "name": "kettle"}]"#,
    ]
}

/// `serve`, `live`, `record` and `openapi` on an API whose base path is `/` (a bare origin, or
/// `--base-path /`): the routes sit at the root, and nothing traps working out the base URL.
@Suite(.serialized) struct BareOriginTests {
    /// `serve` through the command line until `body` is done with the URL it printed.
    static func serving(
        _ arguments: [String], api: API = OriginAPI.api,
        _ body: (URL) async throws -> Void
    ) async throws {
        let printed = Mutex<String>("")
        let console = Console(out: { _ in }, err: { text in printed.withLock { $0 += text } })
        let serve = Task { await APICheckTool(api: api).run(["serve", "--port", "0"] + arguments, console: console, environment: [:]) }
        var url: URL?
        for _ in 0..<500 where url == nil {
            try await Task.sleep(for: .milliseconds(20))
            url = Self.servedURL(in: printed.withLock { $0 })
        }
        let served = try #require(url, "serve printed no URL: \(printed.withLock { $0 })")
        try await body(served)
        serve.cancel()
        #expect(await serve.value == 0)
    }

    /// The base URL in "serving the … API from … on URL (admin: …)".
    static func servedURL(in text: String) -> URL? {
        guard let on = text.range(of: " on http"), let end = text[on.upperBound...].range(of: " (admin") else { return nil }
        return URL(string: "http" + text[on.upperBound..<end.lowerBound])
    }

    static func run(_ arguments: [String], api: API = OriginAPI.api) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: api).run(arguments, console: console, environment: [:])
        return (code, captured.out, captured.err)
    }

    @Test func serveAnswersAtTheRootOfABareOrigin() async throws {
        let mocks = try TemporaryMocks(files: OriginAPI.mocks)
        defer { mocks.remove() }
        try await Self.serving(["--mocks", mocks.url.path]) { url in
            #expect(url.path == "/")
            let answer = try await CurlTransport().send(
                HTTPRequest(method: .get, url: URL(string: "items/7", relativeTo: url)!.absoluteURL))
            #expect(answer.status == 200)
            #expect(try JSONParser.parse(answer.body)["name"]?.stringValue == "kettle")
        }
    }

    @Test func basePathSlashServesAnAPIWithAPathAtTheRoot() async throws {
        let mocks = try TemporaryMocks(files: CatalogAPI.mocks)
        defer { mocks.remove() }
        let server = try MockServer(api: CatalogAPI.api, mocks: mocks.url, options: MockServerOptions(basePath: "/"))
        try server.start()
        defer { server.stop() }
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/")
        let answer = try await CurlTransport().send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("products/A-1")))
        #expect(answer.status == 200)
    }

    @Test func liveAndRecordAgainstABareOriginPass() async throws {
        let mocks = try TemporaryMocks(files: OriginAPI.mocks)
        defer { mocks.remove() }
        let recorded = FileManager.default.temporaryDirectory.appendingPathComponent("origin-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: recorded) }
        try await Self.serving(["--mocks", mocks.url.path]) { url in
            // Without the trailing slash, as a user would write an origin.
            let origin = String(url.absoluteString.dropLast())
            let live = await Self.run(["live", "--base-url", origin, "--mocks", mocks.url.path])
            #expect(live.code == 0, "\(live.out)\(live.err)")
            #expect(live.out.contains("2 endpoints ok"))
            let record = await Self.run(["record", "--base-url", origin, "--mocks", recorded.path])
            #expect(record.code == 0, "\(record.out)\(record.err)")
            let written = try FileManager.default.contentsOfDirectory(atPath: recorded.path).sorted()
            #expect(written == ["item.json", "items.json"])
            let item = try JSONParser.parse(Data(contentsOf: recorded.appendingPathComponent("item.json")))
            #expect(item["name"]?.stringValue == "kettle")
        }
    }

    @Test func openAPINamesTheOriginAndRootedPaths() async throws {
        let mocks = try TemporaryMocks(files: OriginAPI.mocks)
        defer { mocks.remove() }
        let result = await Self.run(["openapi", "--mocks", mocks.url.path])
        #expect(result.code == 0, "\(result.err)")
        let document = try JSONParser.parse(Data(result.out.utf8))
        #expect(document["servers"]?[0]?["url"]?.stringValue == "http://127.0.0.1:8080")
        guard case let .object(paths)? = document["paths"] else { Issue.record("no paths: \(result.out)"); return }
        #expect(paths.map(\.key).sorted() == ["/items", "/items/{id}"])
    }
}
