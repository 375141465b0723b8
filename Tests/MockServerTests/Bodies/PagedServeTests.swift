import APICheck
import Foundation
import MockServer
import RelayExample
import TestSupport
import Testing

/// `serve` pages through a mock's items over a socket: its own next tokens and links (relative,
/// so they lead back to it, never to the server the mock was recorded from), and a last page with
/// neither, so a client following them ends.
@Suite(.serialized) struct PagedServeTests {
    func token(_ harness: ServeHarness) async throws -> String {
        let session = Session()
        _ = try await harness.client(session: session).send(Relay.login, ["user": "ada", "password": "relay-password"])
        return session.token ?? ""
    }

    @Test func aTokenListIsServedPageByPageToAnEnd() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let auth = [(name: "Authorization", value: "Bearer " + (try await token(harness)))]
        var ids: [String] = [], tokens: [String] = []
        var from: String?
        for _ in 0..<10 {
            let query = "limit=2" + (from.map { "&from=" + $0 } ?? "")
            let answer = try await harness.send(.get, "rooms/%21lobby%3Arelay/messages?" + query, headers: auth)
            #expect(answer.status == 200)
            let page = try ServeHarness.json(answer)
            guard case let .array(chunk)? = page["chunk"] else { Issue.record("no chunk"); return }
            ids += chunk.compactMap { $0["event_id"]?.stringValue }
            from = page["end"]?.stringValue
            if let from { tokens.append(from) } else { break }
        }
        #expect(from == nil)
        #expect(ids == ["$lobby-m1", "$lobby-m2", "$lobby-m3"])
        // Not the recorded "s72_3": that token means something to the real server only.
        #expect(tokens == ["serve-page-2", "serve-page-3"])
    }

    @Test func aLinkListIsServedWithLinksBackToServe() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let auth = [(name: "Authorization", value: "Bearer " + (try await token(harness)))]
        var url: URL? = URL(string: "users?per_page=2", relativeTo: harness.server.baseURL)?.absoluteURL
        var ids: [String] = [], pages = 0
        while let next = url, pages < 10 {
            #expect(next.host == "127.0.0.1")
            let answer = try await harness.transport.send(HTTPRequest(method: .get, url: next, headers: auth))
            #expect(answer.status == 200)
            pages += 1
            guard case let .array(users)? = try ServeHarness.json(answer)["users"] else { Issue.record("no users"); return }
            ids += users.compactMap { $0["user_id"]?.stringValue }
            url = WebLink.next(in: answer.headers, relativeTo: next)
        }
        #expect(pages == 2)
        #expect(ids == ["@ada:relay", "@grace:relay", "@linus:relay"])
    }

    /// `live` against `serve` follows both lists to their end and finds nothing.
    @Test func liveAgainstServePagesBothListsToTheEnd() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let report = await LiveCheck(
            api: Relay.api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, only: ["rooms.messages", "users.list"], mocksDirectory: Relay.mocks,
                environment: Relay.credentials, probes: false)
        ).run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.pagingResults.count == 2)
        #expect(report.pagingResults.allSatisfy { $0.passed && $0.status == 200 })
        let paged = harness.log.all.filter { $0.contains("messages") || $0.contains("users") }
        // Each list: its own check, the first page, then the paging step's next pages; none twice.
        #expect(paged.filter { $0.contains("messages") }.count == 3)
        #expect(paged.filter { $0.contains("users") }.count == 2)
    }
}

extension PagedServeTests {
    /// The ids of each page a list serves, asked with `query(n)` for n = 0, 1, 2.
    func pages(_ harness: ServeHarness, _ path: String, ids: String, _ query: (Int) -> String) async throws -> [[String]] {
        var pages: [[String]] = []
        for index in 0..<3 {
            let answer = try await harness.send(.get, path + "?" + query(index))
            #expect(answer.status == 200)
            guard case let .array(items)? = try ServeHarness.json(answer)[ids] else { Issue.record("no \(ids)"); return pages }
            pages.append(items.compactMap { $0["room_id"]?.stringValue ?? $0["id"].map(\.compactText) })
        }
        return pages
    }

    /// An offset window and a page number cut the mock's items, to a short page then an empty one;
    /// `live` against `serve` follows both to their end and finds nothing.
    @Test func offsetAndPageNumberListsAreServedToAnEnd() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        #expect(
            try await pages(harness, "public_rooms", ids: "chunk") { "offset=\($0 * 2)&limit=2" }
                == [["!design:relay", "!help:relay"], ["!lobby:relay"], []])
        #expect(try await pages(harness, "notices", ids: "notices") { "page=\($0 + 1)&per_page=2" } == [["101", "102"], ["103"], []])

        let report = await LiveCheck(
            api: Relay.api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, only: ["rooms.public", "server.notices"], mocksDirectory: Relay.mocks,
                probes: false)
        ).run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.pagingResults.map(\.name).sorted() == ["paging rooms.public", "paging server.notices"])
        #expect(report.pagingResults.allSatisfy { $0.passed && $0.status == 200 })
        // Each list: its own check (two items), then the short page that ends it.
        let log = harness.log.all
        #expect(log.filter { $0.contains("public_rooms") }.count == 2 + 3)
        #expect(log.filter { $0.contains("notices") }.count == 2 + 3)
    }
}

/// A mock recorded with the real server's next URL in its body: `serve` hands out its own, on the
/// address the client reached it at, and none on the last page; `live` against it follows them.
@Suite struct NextURLServeTests {
    struct Items: Decodable, Sendable {
        struct Item: Decodable, Sendable { var id: Int }
        var items: [Item]
        var next: String?
    }

    static let list = Endpoint<Items>(
        id: "items.list", .get, "items", parameters: [.query("limit", .int, sample: .literal(2))],
        mock: "items",
        paging: .url(
            ids: "$.items[*].id", from: .body("$.next"), order: .ascending,
            size: "limit", maxPages: 4))
    static let api = API(name: "linked", envelope: .none, endpoints: [list])

    @Test func theRecordedServersNextURLIsReplacedByServesOwn() async throws {
        let mocks = try TemporaryMocks(files: [
            "items.json": #"{"items": [{"id": 1}, {"id": 2}, {"id": 3}], "next": "https://api.real.example/items?cursor=Zm9v"}"#
        ])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let first = try ServeHarness.json(try await harness.send(.get, "items?limit=2"))
        let next = try #require(first["next"]?.stringValue)
        #expect(!next.contains("real.example"))
        let url = try #require(URL(string: next, relativeTo: harness.server.baseURL.appendingPathComponent("items")))
        let second = try ServeHarness.json(try await harness.transport.send(HTTPRequest(method: .get, url: url.absoluteURL)))
        #expect(second["items"] == .array([.object([("id", .number("3"))])]))
        // The mock said more comes after its first page: the last page is the empty one, with no next.
        let third = try ServeHarness.json(try await harness.send(.get, "items?limit=2&apicheck_offset=3"))
        #expect(third["items"] == .array([]))
        #expect(third["next"] == nil)

        let report = await LiveCheck(
            api: Self.api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, mocksDirectory: mocks.url)
        ).run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.pagingResults.first?.passed == true)
    }
}
