import APICheck
import Foundation
import HTTPServer

extension PagedBody {
    /// The API's own query parameter that says where a page of a list paged by links starts:
    /// `offset` in pygeoapi's and Django REST framework's next links, `page` in GitHub's. A client
    /// may compute it rather than follow the link (`?offset=20` for the third page of ten): serve
    /// reads it, and writes its own links with it as the server does.
    struct LinkCursor: Equatable {
        let name: String
        /// Whether it numbers pages (`page=2`, from 1) rather than items.
        let pages: Bool
    }

    /// The declared query parameter that the recorded next URL sets to a whole number (not the
    /// size); else, for a list whose links the mock cannot show (a `Link` header), the declared
    /// `offset` or `page`. Nil for other cursors, and where the endpoint declares neither: serve's
    /// links then carry `apicheck_offset`.
    func linkCursor(in document: JSONValue) -> LinkCursor? {
        switch paging.cursor {
        case .link, .url: break
        default: return nil
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
    /// at serve's `apicheck_offset`, else at the first item.
    func linkStart(_ request: ServerRequest, cursor: LinkCursor?, size: Int) -> Int {
        if let cursor, let given = request.queryValue(cursor.name).flatMap({ Int($0) }) {
            return cursor.pages ? max(0, given - 1) * max(1, size) : max(0, given)
        }
        return request.queryValue(Self.linkOffset).flatMap { Int($0) } ?? 0
    }

    /// The link to the page that starts at item `offset`, from the server's root.
    func pageLink(to request: ServerRequest, offset: Int, size: Int, cursor: LinkCursor?) -> String {
        guard let cursor else { return Self.link(to: request, offset: offset) }
        let value = cursor.pages ? 1 + offset / max(1, size) : offset
        var request = request
        request.query.removeAll { $0.name == Self.linkOffset }
        return Self.link(to: request, setting: cursor.name, to: String(value))
    }

    /// `page`, `pageNumber`, `page_number`; not `page_size`, `per_page` or `page_token`.
    private static func numbersPages(_ name: String) -> Bool {
        let lowered = name.lowercased().replacingOccurrences(of: "_", with: "")
        return lowered == "page" || lowered == "pagenumber" || lowered == "pageno"
    }
}
