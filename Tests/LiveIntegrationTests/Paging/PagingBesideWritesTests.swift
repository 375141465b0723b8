import APICheck
import Foundation
import Synchronization
import TestSupport
import Testing

/// A list's two pages judged from one state of the list: the run's own create, landing between
/// them, must not read as the server repeating an item. The list is newest first and paged by
/// offset, as MLflow's experiments are, so an item created between two pages shifts the second
/// by one. Latches force that interleaving rather than hope for it.
@Suite struct PagingBesideWritesTests {
    struct Item: Codable, Sendable { var id: Int }
    struct Page: Codable, Sendable { var items: [Item] }

    /// Items 5 to 1, newest first; a create puts item 6 first. With `interleaved`, the create waits
    /// until a first page was served, and every later page until the create is over.
    final class NewestFirst: Sendable {
        private let ids = Mutex<[Int]>([5, 4, 3, 2, 1])
        private let asked = Mutex<[String]>([])
        let interleaved: Bool
        private let firstPageServed = Latch()
        private let created = Latch()

        init(interleaved: Bool) { self.interleaved = interleaved }

        /// Each request in the order it was answered: `create`, or the offset a page was asked at.
        var requests: [String] { asked.withLock { $0 } }

        func answer(_ request: HTTPRequest) async -> HTTPResponse {
            if request.method == .post {
                if interleaved { await firstPageServed.wait() }
                let id = ids.withLock { ids in
                    ids.insert((ids.first ?? 0) + 1, at: 0)
                    return ids[0]
                }
                asked.withLock { $0.append("create") }
                created.open()
                return Self.json(#"{"id": \#(id)}"#)
            }
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.queryItems ?? []
            let offset = query.first { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
            let limit = query.first { $0.name == "limit" }?.value.flatMap { Int($0) } ?? 2
            if interleaved, offset > 0 { await created.wait() }
            let page = ids.withLock { ids in Array(ids.dropFirst(offset).prefix(limit)) }
            asked.withLock { $0.append("offset=\(offset)") }
            if offset == 0 { firstPageServed.open() }
            return Self.json(#"{"items": ["# + page.map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]}")
        }

        static func json(_ body: String) -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    struct AsyncTransport: Transport {
        let server: NewestFirst
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { await server.answer(request) }
    }

    static let api = API(
        name: "newest", envelope: .none,
        endpoints: [
            Endpoint<Page>(
                id: "items.search", .get, "items",
                parameters: [.query("offset", .int), .query("limit", .int, sample: .literal(2))], mock: "items",
                paging: .offset(ids: "$.items[*].id", next: "offset", limit: "limit", order: .descending)
            ).erased,
            Endpoint<Item>(
                id: "items.create", .post, "items", parameters: [.body("name", .string, sample: .unique(prefix: "n"))],
                mock: "item"
            ).erased,
        ])

    func run(_ server: NewestFirst, readsOnly: Bool = false) async -> Report {
        var options = LiveOptions(baseURL: URL(string: "http://newest.invalid/")!, probes: false)
        options.readsOnly = readsOnly
        return await LiveCheck(api: Self.api, transport: AsyncTransport(server: server), options: options).run()
    }

    /// The create lands after the endpoint's own first page: the paging step waits for it and
    /// asks for its first page again, so the pages it judges are of one list.
    @Test func theRunsOwnCreateBetweenTwoPagesIsNoRepeatedItem() async {
        let server = NewestFirst(interleaved: true)
        let report = await run(server)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.pagingResults.map(\.passed) == [true])
        #expect(server.requests == ["offset=0", "create", "offset=0", "offset=2"])
        #expect(report.verdict == .holds)
    }

    /// With nothing written, the step pages on from the endpoint's own answer: no page is asked twice.
    @Test func aReadsOnlyRunPagesOnFromTheOwnAnswer() async {
        let server = NewestFirst(interleaved: false)
        let report = await run(server, readsOnly: true)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(server.requests == ["offset=0", "offset=2"])
        #expect(report.verdict == .holds)
    }
}
