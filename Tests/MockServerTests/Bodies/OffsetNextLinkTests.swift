import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// A Django REST framework list declared by hand as `.offset` paging: its body gives `next` and
/// `previous` URLs the declaration does not name, null in a mock recorded as the whole list. serve
/// writes its own `next` on each page that has a successor, so a client following it reads every
/// page, and leaves the last page's null.
@Suite struct OffsetNextLinkTests {
    static let mock = try! JSONParser.parse(
        #"{"count": 3, "next": null, "previous": null, "results": [{"name": "repo3"}, {"name": "repo2"}, {"name": "repo1"}]}"#)

    static let paging = Paging.offset(ids: "$.results[*].name", next: "offset", limit: "limit")

    func page(_ query: [(String, String)], paging: Paging = paging) throws -> JSONValue {
        let request = ServerRequest(method: "GET", path: "/pulp/api/v3/repositories/", query: query)
        return try #require(PagedBody(paging: paging).page(of: Self.mock, for: request, origin: "http://127.0.0.1:24820")).0
    }

    @Test func eachPageWithASuccessorLinksServesNextPage() throws {
        let first = try page([("limit", "1")])
        #expect(first["results"]?.compactText == #"[{"name":"repo3"}]"#)
        #expect(first["next"] == .string("http://127.0.0.1:24820/pulp/api/v3/repositories/?limit=1&offset=1"))
        let second = try page([("limit", "1"), ("offset", "1")])
        #expect(second["results"]?.compactText == #"[{"name":"repo2"}]"#)
        #expect(second["next"] == .string("http://127.0.0.1:24820/pulp/api/v3/repositories/?limit=1&offset=2"))
        let last = try page([("limit", "1"), ("offset", "2")])
        #expect(last["results"]?.compactText == #"[{"name":"repo1"}]"#)
        #expect(last["next"] == .null)
        // Other members named alike that are not the next page's link stay as recorded.
        #expect(first["previous"] == .null && first["count"] == .number("3"))
    }

    /// The same by page number (`?page=2&page_size=1`), Django REST framework's other paginator.
    @Test func aPageNumberListLinksItsNextPageToo() throws {
        let paging = Paging.pageNumber(ids: "$.results[*].name", next: "page", size: "page_size")
        let second = try page([("page", "2"), ("page_size", "1")], paging: paging)
        #expect(second["next"] == .string("http://127.0.0.1:24820/pulp/api/v3/repositories/?page_size=1&page=3"))
        #expect(try page([("page", "3"), ("page_size", "1")], paging: paging)["next"] == .null)
    }
}
