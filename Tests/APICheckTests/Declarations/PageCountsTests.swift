@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A page-number list whose pages say where they stand (`{index, max_size, total_pages, total,
/// items}`, ZenML's and FastAPI's) on a server that refuses the page past the last with 400: with
/// its counts declared, `live` stops at the page that says it is the last; with none, the
/// refusal after a full page is the list's end, said as information; a refusal before the end
/// the counts promise is still the list's fault.
@Suite struct PageCountsTests {
    struct Item: Decodable, Sendable { var id: Int }
    struct Page: Decodable, Sendable { var items: [Item] }

    /// `total` items, `size` a page, numbered from 1; 400 past the last page (and for every page
    /// from `refusedFrom`), as ZenML answers; `pages` says how many pages it claims.
    static func answer(_ request: HTTPRequest, total: Int, pages claimed: Int? = nil, refusedFrom: Int? = nil) -> HTTPResponse {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        let query = { (name: String) in items.first { $0.name == name }?.value.flatMap { Int($0) } }
        let size = max(1, query("size") ?? 20), page = max(1, query("page") ?? 1)
        let pages = claimed ?? max(1, (total + size - 1) / size)
        if page > max(1, (total + size - 1) / size) || page >= (refusedFrom ?? Int.max) {
            let refusal = #"{"detail": "Invalid page \#(page). The maximum page value therefore is \#(pages)."}"#
            return HTTPResponse(status: 400, headers: [("Content-Type", "application/json")], body: Data(refusal.utf8))
        }
        let ids = Array(((page - 1) * size + 1)...min(total, page * size))
        let body =
            #"{"index": \#(page), "max_size": \#(size), "total_pages": \#(pages), "total": \#(total), "items": ["#
            + ids.map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]}"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }

    static func api(_ paging: Paging) -> API {
        let tags = Endpoint<Page>(
            id: "tags", .get, "tags",
            parameters: [.query("page", .int), .query("size", .int, sample: .literal(.int(2)))], mock: "tags", paging: paging)
        return API(name: "pages", envelope: .none, endpoints: [tags])
    }

    static let plain = Paging.pageNumber(ids: "$.items[*].id", next: "page", size: "size", maxPages: 5, mustEnd: true)

    func read(_ paging: Paging, _ server: @escaping @Sendable (HTTPRequest) -> HTTPResponse) async -> (Report, [String]) {
        let asked = Asked()
        let report = await LiveCheck(
            api: Self.api(paging),
            transport: Serving { request in
                asked.add(request.url.query ?? "")
                return server(request)
            },
            options: LiveOptions(baseURL: URL(string: "http://pages.invalid/")!, probes: false)
        ).run()
        return (report, asked.all)
    }

    @Test func aListWhoseLastPageIsFullEndsWhereItsCountsSay() async {
        let counted = Self.plain.counted(page: "$.index", pages: "$.total_pages", size: "$.max_size", total: "$.total")
        let (report, asked) = await read(counted) { Self.answer($0, total: 6) }
        #expect(asked == ["size=2", "page=2&size=2", "page=3&size=2"])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        // The total alone, or a has-more flag, says as much.
        let (byTotal, totalAsked) = await read(Self.plain.counted(total: "$.total")) { Self.answer($0, total: 6) }
        #expect(totalAsked.count == 3 && byTotal.verdict == .holds, "\(byTotal.allFindings.map(\.message))")
    }

    @Test func withNoCountsARefusalAfterAFullPageEndsTheListAsInformation() async {
        let (report, asked) = await read(Self.plain) { Self.answer($0, total: 6) }
        #expect(asked == ["size=2", "page=2&size=2", "page=3&size=2", "page=4&size=2"])
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        let paging = report.pagingResults.first?.findings ?? []
        #expect(paging.map(\.severity) == [.info])
        #expect(paging.first?.message.hasPrefix("the page after a full page of 2 items (page=4) was refused with HTTP 400") == true)
        #expect(report.verdict == .holds)
    }

    /// The counts promise four pages and the server refuses the fourth: the list's fault. With no
    /// counts, an authorisation failure after a full page is no end either.
    @Test func aRefusalBeforeTheEndTheCountsPromiseIsAnError() async {
        let counted = Self.plain.counted(pages: "$.total_pages")
        let (report, _) = await read(counted) { Self.answer($0, total: 6, pages: 4) }
        #expect(report.pagingResults.first?.findings.map(\.severity) == [.error])
        #expect(report.pagingResults.first?.status == 400)
        let (denied, _) = await read(Self.plain) { request in
            request.url.query?.contains("page=2") == true
                ? HTTPResponse(status: 401, headers: [], body: Data()) : Self.answer(request, total: 6)
        }
        #expect(denied.pagingResults.first?.findings.map(\.severity) == [.error])
    }

    @Test func aPageSaysItIsTheLastByItsCounts() throws {
        let endpoint = Self.api(Self.plain).endpoints[0]
        func page(_ json: String, page number: Int, ids: Int) throws -> PageRead {
            PageRead(
                ids: (0..<ids).compactMap { PageID(.number(String($0))) }, document: try JSONParser.parse(json),
                headers: nil, values: ["page": .int(Int64(number)), "size": .int(2)], url: nil)
        }
        let pages = Self.plain.counted(page: "$.index", pages: "$.total_pages")
        guard case .end = pages.next(after: try page(#"{"index": 3, "total_pages": 3}"#, page: 3, ids: 2), of: endpoint) else {
            Issue.record("page 3 of 3 asks on"); return
        }
        // A short page that says more follow is not the last; an empty one that says so is at fault.
        let more = Self.plain.counted(more: "$.has_more")
        guard case .ask = more.next(after: try page(#"{"has_more": true}"#, page: 1, ids: 1), of: endpoint) else {
            Issue.record("a short page with more to come ends the list"); return
        }
        guard case .fault = more.next(after: try page(#"{"has_more": true}"#, page: 2, ids: 0), of: endpoint) else {
            Issue.record("an empty page with more to come is no fault"); return
        }
        let offsets = Paging.offset(ids: "$.items[*].id", next: "offset", limit: "limit").counted(total: "$.total")
        let read = PageRead(
            ids: [PageID(.number("5"))!, PageID(.number("6"))!], document: try JSONParser.parse(#"{"total": 6}"#), headers: nil,
            values: ["offset": .int(4), "limit": .int(2)], url: nil)
        #expect(offsets.saysLast(read) == true)
        #expect(
            Self.plain.counted(pages: "total_pages").problems(in: endpoint).map(\.message) == [
                "paging reads the page's pages count at 'total_pages', which is not a JSONPath like $.total_pages"
            ])
    }
}

/// The server as a closure.
private struct Serving: Transport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { answer(request) }
}

/// The query strings a server was asked, in order.
private final class Asked: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ query: String) { list.withLock { $0.append(query) } }
    var all: [String] { list.withLock { $0 } }
}
