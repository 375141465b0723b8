import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// `serve` cuts a page-number list as ZenML pages it and writes each page's own counts where the
/// paging declares them: its number, the list's pages and items, the size asked, whether more
/// follow. A page past the last is empty, with counts that say so.
@Suite struct PagedCountsServeTests {
    static let mock = try! JSONParser.parse(
        #"{"index": 1, "max_size": 20, "total_pages": 1, "total": 5, "has_more": false, "items": ["#
            + (1...5).map { #"{"id": "tag\#($0)"}"# }.joined(separator: ", ") + "]}")

    static let paging = Paging.pageNumber(ids: "$.items[*].id", next: "page", size: "size")
        .counted(page: "$.index", pages: "$.total_pages", size: "$.max_size", total: "$.total", more: "$.has_more")

    func page(_ number: Int, size: Int = 2, paging: Paging = paging) throws -> JSONValue {
        let request = ServerRequest(method: "GET", path: "/tags", query: [("page", String(number)), ("size", String(size))])
        return try #require(PagedBody(paging: paging).page(of: Self.mock, for: request)).0
    }

    func counts(_ page: JSONValue) -> [String] {
        ["index", "max_size", "total_pages", "total", "has_more"].map { page[$0]?.compactText ?? "-" }
    }

    @Test func eachPageSaysWhereItStands() throws {
        #expect(counts(try page(1)) == ["1", "2", "3", "5", "true"])
        #expect(counts(try page(2)) == ["2", "2", "3", "5", "true"])
        let last = try page(3)
        #expect(counts(last) == ["3", "2", "3", "5", "false"])
        #expect(last["items"].map { if case let .array(items) = $0 { items.count } else { -1 } } == 1)
        // Past the last: empty, and its counts say there is nothing more.
        let past = try page(4)
        #expect(counts(past) == ["4", "2", "3", "5", "false"])
        #expect(past["items"].map { if case let .array(items) = $0 { items.isEmpty } else { false } } == true)
        #expect(counts(try page(1, size: 5)) == ["1", "5", "1", "5", "false"])
    }

    /// Undeclared counts stay as the mock has them.
    @Test func undeclaredCountsAreLeftAsTheMockHasThem() throws {
        let plain = Paging.pageNumber(ids: "$.items[*].id", next: "page", size: "size")
        #expect(counts(try page(2, paging: plain)) == ["1", "20", "1", "5", "false"])
    }
}
