import APICheck
import Foundation
import Synchronization

/// A one-off server for paging tests: numbered items (ids 1, 2, 3…) a page at a time, by offset
/// and limit (`items.window`), by page number (`items.page`) or by the page number in a `Link`
/// header's next page (`items.linked`, linked while items are left), `total` items long or, with no
/// total, without end: every page holds new items, none ever repeated, none short. It keeps how
/// many items each page it served held, in the order asked.
final class CountedList: Sendable {
    struct Item: Decodable, Sendable { var id: Int }
    struct Page: Decodable, Sendable { var items: [Item] }

    let total: Int?
    private let served = Mutex<[Int]>([])

    init(total: Int?) { self.total = total }

    /// The items of each page served, the first page first.
    var pages: [Int] { served.withLock { $0 } }

    static let baseURL = URL(string: "http://counted.invalid/")!

    /// Both lists, asked `size` items a page, read for at most `maxPages` pages.
    static func api(size: Int, maxPages: Int, mustEnd: Bool) -> API {
        let window = Endpoint<Page>(
            id: "items.window", .get, "items",
            parameters: [.query("offset", .int), .query("limit", .int, sample: .literal(.int(Int64(size))))],
            mock: "items",
            paging: .offset(ids: "$.items[*].id", next: "offset", limit: "limit", order: .ascending, maxPages: maxPages, mustEnd: mustEnd))
        let numbered = Endpoint<Page>(
            id: "items.page", .get, "pages",
            parameters: [.query("page", .int), .query("per_page", .int, sample: .literal(.int(Int64(size))))],
            mock: "pages",
            paging: .pageNumber(
                ids: "$.items[*].id", next: "page", size: "per_page", order: .ascending, maxPages: maxPages,
                mustEnd: mustEnd))
        let linked = Endpoint<Page>(
            id: "items.linked", .get, "linked", parameters: [.query("per_page", .int, sample: .literal(.int(Int64(size))))],
            mock: "linked", paging: .link(ids: "$.items[*].id", order: .ascending, size: "per_page", maxPages: maxPages, mustEnd: mustEnd))
        return API(name: "counted", envelope: .none, endpoints: [window, numbered, linked])
    }

    /// The page a request asks for: from `offset` (or page `page`, the first 1), `limit` (or
    /// `per_page`) items; past the total, an empty page.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        let query = { (name: String) in items.first { $0.name == name }?.value.flatMap { Int($0) } }
        let size: Int, start: Int
        if !request.url.path.hasSuffix("/items") {
            size = max(1, query("per_page") ?? 10)
            start = (max(1, query("page") ?? 1) - 1) * size
        } else {
            size = max(1, query("limit") ?? 10)
            start = max(0, query("offset") ?? 0)
        }
        let end = total.map { min($0, start + size) } ?? start + size
        let ids = start < end ? Array(start + 1...end) : []
        served.withLock { $0.append(ids.count) }
        let body = #"{"items": ["# + ids.map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]}"
        var headers = [("Content-Type", "application/json")]
        if request.url.path.hasSuffix("/linked"), total.map({ end < $0 }) ?? true {
            headers.append(("Link", #"<linked?page=\#(start / size + 2)&per_page=\#(size)>; rel="next""#))
        }
        return HTTPResponse(status: 200, headers: headers, body: Data(body.utf8))
    }
}
