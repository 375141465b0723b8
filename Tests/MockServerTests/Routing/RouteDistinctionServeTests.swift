import APICheck
import APICheckCLI
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// `serve` routes endpoints sharing a method and path by their declared distinction; `list` and
/// `openapi` show it.
@Suite(.serialized) struct RouteDistinctionServeTests {
    @Test func serveAnswersEachEndpointsMockByItsDistinction() async throws {
        let mocks = try SyncAPI.mockFolder()
        defer { mocks.remove() }
        let server = try MockServer(api: SyncAPI.api, mocks: mocks.url)
        let first = server.respond(to: ServerRequest(method: "GET", path: "/client/sync"))
        let next = server.respond(to: ServerRequest(method: "GET", path: "/client/sync", query: [("since", "s1")]))
        #expect(try JSONParser.parse(first.body)["next_batch"] == .string("s1"))
        #expect(try JSONParser.parse(next.body)["next_batch"] == .string("s2"))

        let harness = try ServeHarness(api: SyncAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let report = await LiveAgainstServeTests.live(harness, mocks: mocks.url, environment: [:])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        let journal = String(decoding: try await harness.send(.get, "/__apicheck/requests").body, as: UTF8.self)
        #expect(journal.contains("\"endpoint\":\"sync.initial\"") && journal.contains("\"endpoint\":\"sync.since\""), "\(journal)")
    }

    @Test func aHeaderDistinctionDeclaredInAnyCaseIsMet() throws {
        let first = Endpoint<SyncAPI.Batch>(id: "feed.first", .get, "feed", mock: "sync_initial", enveloped: false)
        let next = Endpoint<SyncAPI.Batch>(
            id: "feed.next", .get, "feed", mock: "sync_since", enveloped: false,
            distinguishedBy: .header("X-Page-Cursor"))
        let api = API(
            name: "feed", environments: ["local": URL(string: "http://127.0.0.1:9000/client/")!],
            envelope: EnvelopePolicy(), endpoints: [first, next])
        let mocks = try SyncAPI.mockFolder()
        defer { mocks.remove() }
        let server = try MockServer(api: api, mocks: mocks.url)

        let plain = server.respond(to: ServerRequest(method: "GET", path: "/client/feed"))
        let paged = server.respond(to: ServerRequest(method: "GET", path: "/client/feed", headers: [("x-page-cursor", "c2")]))

        #expect(try JSONParser.parse(plain.body)["next_batch"] == .string("s1"))
        #expect(try JSONParser.parse(paged.body)["next_batch"] == .string("s2"))
    }

    @Test func listShowsTheDistinctionAndOpenAPISaysItMerged() async throws {
        let mocks = try SyncAPI.mockFolder()
        defer { mocks.remove() }
        let (console, captured) = Console.capturing()
        let tool = APICheckTool(api: SyncAPI.api)
        #expect(await tool.run(["list"], console: console, environment: [:], workingDirectory: mocks.url) == 0)
        #expect(captured.out.contains("sync.since    GET     sync [query since present]"), "\(captured.out)")
        let (openConsole, openCaptured) = Console.capturing()
        #expect(
            await tool.run(
                ["openapi", "--mocks", mocks.url.path], console: openConsole, environment: [:],
                workingDirectory: mocks.url) == 0)
        #expect(
            openCaptured.err.contains("GET sync: one operation for sync.initial, sync.since, with every example"), "\(openCaptured.err)")
    }
}
