/// Where a page says where it stands in its list: its own number, how many pages or items the
/// list holds, the size it was cut to, or whether more follow. ZenML's, FastAPI's and Django's
/// pages say so (`{"index": 3, "total_pages": 3, "total": 6, "max_size": 2, "items": […]}`) and
/// refuse the page past the last: `live` stops where a page says it is the last rather than
/// asking for one more, and `serve` writes each page's own counts where they are declared.
///
/// ```swift
/// paging: .pageNumber(ids: "$.items[*].id", next: "page", size: "size")
///     .counted(page: "$.index", pages: "$.total_pages", size: "$.max_size", total: "$.total")
/// ```
public struct PageCounts: Sendable, Equatable {
    /// The page's own number, counted as the cursor's pages are (from `first`).
    public var page: DeclaredPath?
    /// How many pages the list holds.
    public var pages: DeclaredPath?
    /// How many items a page holds at most: the size it was cut to.
    public var size: DeclaredPath?
    /// How many items the list holds.
    public var total: DeclaredPath?
    /// A boolean: whether more pages follow (`has_more`, `hasNextPage`).
    public var more: DeclaredPath?
    /// How many items this page holds (OGC API's `numberReturned`, STAC's `context.returned`):
    /// `serve` writes each page's own. It says nothing of the list's end.
    public var returned: DeclaredPath?

    public init(
        page: DeclaredPath? = nil, pages: DeclaredPath? = nil, size: DeclaredPath? = nil, total: DeclaredPath? = nil,
        more: DeclaredPath? = nil, returned: DeclaredPath? = nil
    ) {
        self.page = page
        self.pages = pages
        self.size = size
        self.total = total
        self.more = more
        self.returned = returned
    }

    /// Whether the declaration names no count at all.
    public var isEmpty: Bool { page == nil && pages == nil && size == nil && total == nil && more == nil && returned == nil }

    /// Whether a count declared can say that a page is the list's last: any but `returned`.
    var placesTheEnd: Bool { page != nil || pages != nil || size != nil || total != nil || more != nil }

    /// The declared paths, each with the name messages give it.
    var declared: [(name: String, path: DeclaredPath)] {
        [("page", page), ("pages", pages), ("size", size), ("total", total), ("more", more), ("returned", returned)].compactMap {
            name, path in
            path.map { (name, $0) }
        }
    }

    /// The integer at `path` of `document`, a JSON number or a string of digits.
    static func number(at path: DeclaredPath?, in document: JSONValue) -> Int? {
        guard let value = path?.path.flatMap({ document.value(at: $0) }) else { return nil }
        switch value {
        case let .number(text), let .string(text): return Int(text)
        default: return nil
        }
    }

    /// The boolean at `path` of `document`.
    static func flag(at path: DeclaredPath?, in document: JSONValue) -> Bool? {
        guard case let .bool(flag)? = path?.path.flatMap({ document.value(at: $0) }) else { return nil }
        return flag
    }
}

extension Paging {
    /// This paging with where each page says where it stands (`PageCounts`): `live` ends the list
    /// where a page says it is the last, and `serve` writes each page's own counts.
    public func counted(
        page: DeclaredPath? = nil, pages: DeclaredPath? = nil, size: DeclaredPath? = nil, total: DeclaredPath? = nil,
        more: DeclaredPath? = nil, returned: DeclaredPath? = nil
    ) -> Paging {
        var paging = self
        paging.counts = PageCounts(page: page, pages: pages, size: size, total: total, more: more, returned: returned)
        return paging
    }
}
