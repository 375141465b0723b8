/// How an endpoint pages: where the ids of a page's items sit, what asks for the next page, the
/// order the ids come in when the API promises one, and how many pages `live` follows. The
/// demo's home timeline:
///
/// ```swift
/// paging: .cursor(ids: "$.datas.statuses[*].id", order: .descending, next: "max_id", inclusive: true)
/// ```
///
/// `apicheck live` takes the endpoint's own answer as the first page and follows the cursor for
/// at most `maxPages` pages, checking what an app's infinite scroll relies on: no item comes
/// twice, each page is ordered as declared, and the list ends (an empty or short page, or no next
/// token or link) rather than leading a client on for ever. A short list declares `mustEnd`:
/// `maxPages` is then its page budget, and a list still asking for more after it is at fault.
public struct Paging: Sendable, Equatable {
    public enum Order: String, Sendable {
        /// Newest first; the next page holds smaller ids.
        case descending
        /// Oldest first; the next page holds larger ids.
        case ascending
    }

    /// Pages `live` reads when the declaration does not say: the first and the next, enough to
    /// see an overlap without walking a long list. A list that must be seen to end within a few
    /// pages declares more.
    public static let defaultMaxPages = 2

    /// JSONPath of the ids of a page's items, with `[*]` over the items (`$.datas.statuses[*].id`).
    /// Ids may be numbers or strings; they say which item is which.
    public var ids: DeclaredPath
    /// The order of the ids within and across pages; nil when the API promises none.
    public var order: Order?
    public var cursor: PageCursor
    /// The parameter that sets the page size (`limit`, `per_page`), in the query or the body: a
    /// page with fewer items is the last one, and `serve` cuts its pages to it.
    public var size: String?
    /// The most pages `live` reads, the first included.
    public var maxPages: Int
    /// Whether the list ends within `maxPages` pages, its page budget: one whose last page read
    /// still asks for another is a list that never ends, though no item came twice. Off for a
    /// long list, which `live` samples without walking it to its end.
    public var mustEnd: Bool
    /// Where a page says where it stands in its list (`counted(page:pages:size:total:more:returned:)`);
    /// none declared by default, when only an empty or short page, or no next token, ends it.
    public var counts = PageCounts()
    /// The query parameter that a list paged by links (`.link`, `.url`) takes the previous page's
    /// last id in, the cursor its next links carry (the distribution registry's
    /// `Link: </v2/_catalog?last=library%2Falpine&n=2>`), which a client may also set itself; nil
    /// when its links carry an offset, a page number or a cursor of their own.
    public var lastID: String?

    public init(
        ids: DeclaredPath, order: Order?, cursor: PageCursor, size: String? = nil, maxPages: Int = Paging.defaultMaxPages,
        mustEnd: Bool = false
    ) {
        self.ids = ids
        self.order = order
        self.cursor = cursor
        self.size = size
        self.maxPages = maxPages
        self.mustEnd = mustEnd
    }

    /// Id cursor: the next page is asked with `next` set from the page's last id, in the query or,
    /// when `next` is a body parameter, in the body (a range read continued from its last key).
    public static func cursor(
        ids: DeclaredPath, order: Order, next: String, inclusive: Bool = false, size: String? = nil,
        maxPages: Int = defaultMaxPages, mustEnd: Bool = false
    ) -> Paging {
        Paging(ids: ids, order: order, cursor: .id(parameter: next, inclusive: inclusive), size: size, maxPages: maxPages, mustEnd: mustEnd)
    }

    /// Opaque token: read at a JSONPath of the answer or from a header, sent back as `next`.
    public static func token(
        ids: DeclaredPath, from place: PageCursor.Place, next: String, order: Order? = nil, size: String? = nil,
        maxPages: Int = defaultMaxPages, mustEnd: Bool = false
    ) -> Paging {
        Paging(ids: ids, order: order, cursor: .token(from: place, parameter: next), size: size, maxPages: maxPages, mustEnd: mustEnd)
    }

    /// Page numbers in `next`, the first page numbered `first`.
    public static func pageNumber(
        ids: DeclaredPath, next: String, first: Int = 1, size: String? = nil, order: Order? = nil,
        maxPages: Int = defaultMaxPages, mustEnd: Bool = false
    ) -> Paging {
        Paging(ids: ids, order: order, cursor: .pageNumber(parameter: next, first: first), size: size, maxPages: maxPages, mustEnd: mustEnd)
    }

    /// Offset and limit: `next` is the index of the page's first item, `limit` its size.
    public static func offset(
        ids: DeclaredPath, next: String, limit: String, order: Order? = nil,
        maxPages: Int = defaultMaxPages, mustEnd: Bool = false
    ) -> Paging {
        Paging(ids: ids, order: order, cursor: .offset(parameter: next), size: limit, maxPages: maxPages, mustEnd: mustEnd)
    }

    /// RFC 8288 `Link` headers: the next page is the `rel="next"` link.
    public static func link(
        ids: DeclaredPath, order: Order? = nil, size: String? = nil, maxPages: Int = defaultMaxPages,
        mustEnd: Bool = false
    ) -> Paging {
        Paging(ids: ids, order: order, cursor: .link, size: size, maxPages: maxPages, mustEnd: mustEnd)
    }

    /// `Link` headers whose next link sets `lastID` to the page's last id, which a client may
    /// also set itself (`lastID: "last"` of the registry's `?last=…&n=2`).
    public static func link(
        ids: DeclaredPath, order: Order? = nil, size: String? = nil, lastID: String, maxPages: Int = defaultMaxPages,
        mustEnd: Bool = false
    ) -> Paging {
        var paging = link(ids: ids, order: order, size: size, maxPages: maxPages, mustEnd: mustEnd)
        paging.lastID = lastID
        return paging
    }

    /// A next URL: read at a JSONPath of the answer (`.body("$.next")`), from the link with a
    /// relation among the answer's links (`.bodyLink(rel: "next", in: "$.links")`), or from a header.
    public static func url(
        ids: DeclaredPath, from place: PageCursor.Place, order: Order? = nil, size: String? = nil,
        maxPages: Int = defaultMaxPages, mustEnd: Bool = false
    ) -> Paging {
        Paging(ids: ids, order: order, cursor: .url(from: place), size: size, maxPages: maxPages, mustEnd: mustEnd)
    }

    /// The parameter the next page is asked with, when the cursor is one.
    public var next: String? { cursor.parameter }

    /// Whether `a` may come before `b`; always when no order is declared.
    func inOrder(_ a: PageID, _ b: PageID) -> Bool {
        switch order {
        case .descending?: a > b
        case .ascending?: a < b
        case nil: true
        }
    }
}
