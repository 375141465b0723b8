import APICheck
import Foundation
import HTTPServer

extension PagedBody {
    /// The API's own query parameter that says where a page of a list paged by links starts:
    /// `offset` in pygeoapi's and Django REST framework's next links, `page` in GitHub's. A client
    /// may compute it rather than follow the link (`?offset=20` for the third page of ten): serve
    /// reads it, and writes its own links with it as the server does. The registry's `last`
    /// (`Paging.lastID`) names the previous page's last item instead.
    struct LinkCursor: Equatable {
        let name: String
        /// Whether it numbers pages (`page=2`, from 1) rather than items.
        let pages: Bool
        /// For a cursor that is the previous page's last id: the ids of the list's items, in
        /// order (nil for an item with none); nil for an offset or a page number.
        var ids: [String?]? = nil
    }

    /// The declared query parameter that the recorded next URL sets to a whole number (not the
    /// size); else, for a list whose links the mock cannot show (a `Link` header), the declared
    /// `offset` or `page`; the declared `lastID` before either. Nil for other cursors, and where
    /// the endpoint declares none: serve's links then carry `apicheck_offset`.
    func linkCursor(in document: JSONValue, items: [JSONValue], itemID: JSONPath) -> LinkCursor? {
        switch paging.cursor {
        case .link, .url: break
        default: return nil
        }
        if let lastID = paging.lastID {
            return LinkCursor(name: lastID, pages: false, ids: items.map { $0.value(at: itemID).flatMap(PageID.init)?.text })
        }
        if let next = paging.cursor.bodyValue(in: document)?.stringValue,
            let items = URLComponents(string: next)?.queryItems,
            let own = items.first(where: { item in
                declaredQuery.contains(item.name) && item.name != paging.size && item.value.flatMap { Int($0) } != nil
            })
        {
            return LinkCursor(name: own.name, pages: Self.numbersPages(own.name))
        }
        for name in ["offset", "page"] {
            if let declared = declaredQuery.first(where: { $0.lowercased() == name }) {
                return LinkCursor(name: declared, pages: name == "page")
            }
        }
        return nil
    }

    /// Where the page a request asks for starts: at its value of the API's own parameter, else
    /// at serve's `apicheck_offset`, else at the first item. A last id starts the page after its
    /// item; one the list does not hold, at the first item past it in the declared order, as a
    /// server that compares ids does (an empty page without an order).
    func linkStart(_ request: ServerRequest, cursor: LinkCursor?, size: Int) -> Int {
        if let cursor, let ids = cursor.ids, let given = request.queryValue(cursor.name) {
            if let at = ids.firstIndex(of: given) { return at + 1 }
            guard let bound = PageID(.string(given)) else { return ids.count }
            let past = ids.firstIndex { id in
                guard let id = id.flatMap({ PageID(.string($0)) }) else { return false }
                switch paging.order {
                case .ascending?: return id > bound
                case .descending?: return id < bound
                case nil: return false
                }
            }
            return past ?? ids.count
        }
        if let cursor, let given = request.queryValue(cursor.name).flatMap({ Int($0) }) {
            return cursor.pages ? max(0, given - 1) * max(1, size) : max(0, given)
        }
        return request.queryValue(Self.linkOffset).flatMap { Int($0) } ?? 0
    }

    /// The link to the page that starts at item `offset`, from the server's root.
    func pageLink(to request: ServerRequest, offset: Int, size: Int, cursor: LinkCursor?) -> String {
        guard let cursor else { return Self.link(to: request, offset: offset) }
        var request = request
        request.query.removeAll { $0.name == Self.linkOffset }
        if let ids = cursor.ids {
            // The page's last item names where the next starts; one with no id cannot.
            guard ids.indices.contains(offset - 1), let last = ids[offset - 1] else { return Self.link(to: request, offset: offset) }
            return Self.link(to: request, setting: cursor.name, to: last)
        }
        let value = cursor.pages ? 1 + offset / max(1, size) : offset
        return Self.link(to: request, setting: cursor.name, to: String(value))
    }

    /// `page`, `pageNumber`, `page_number`; not `page_size`, `per_page` or `page_token`.
    private static func numbersPages(_ name: String) -> Bool {
        let lowered = name.lowercased().replacingOccurrences(of: "_", with: "")
        return lowered == "page" || lowered == "pagenumber" || lowered == "pageno"
    }
}
