import APICheck
import Foundation
import HTTPServer

/// The page a mock stands for, as a server that pages would cut it. The mock's items (at the
/// declared ids' `[*]`) are the whole list; a request's cursor picks where its page starts and
/// the size parameter how many items it holds. Tokens and links are `serve`'s own (a token is
/// where the next page starts; a link is relative, so it leads back to this server whatever
/// address it is reached at), and the last page has none, so a client following them ends.
/// Without this a client following the cursor would get the first page again, and `apicheck
/// live` against `serve` would rightly report every item twice.
struct PagedBody {
    let paging: Paging
    /// Whether the API ends a list with a null next token or URL (`"next": null`) rather than
    /// none: so the success mock or one of its variants shows it (`PagedBody.nullEnded`).
    var endsWithNull = false
    /// Whether the endpoint takes its token cursor in the request's body: then a link to the
    /// next page carries no cursor in its query, which would outrank the body's.
    var cursorInBody = false
    /// The API's credential fields, lowercased (`access_token`, `api_key`): a request's query
    /// parameter of one of these names is never written into a link (`page(of:for:origin:)`).
    var credentials: Set<String> = []
    /// The names of the endpoint's query parameters: the API's own offset or page parameter of
    /// a list paged by links is one (`linkCursor(in:items:itemID:)`).
    var declaredQuery: Set<String> = []

    /// Query parameter of `serve`'s own next links.
    static let linkOffset = "apicheck_offset"
    /// What `serve`'s tokens start with; the rest is the index of the page's first item.
    static let tokenPrefix = "serve-page-"

    /// The document of the page `request` asks for, and the headers that point at the next one;
    /// nil to serve the mock as it is (a first page of a list with no size asked, or a declared
    /// path that leads to no array).
    /// `origin` is the one the client reached serve at, for links that were absolute in the mock.
    func page(
        of document: JSONValue, for request: ServerRequest,
        origin: String? = nil
    ) -> (JSONValue, [(name: String, value: String)])? {
        // A credential the client sent in its query would be written into every next link, and
        // an answer's body goes where no credential may (logs, caches, recorded mocks); a client
        // adds its own to each request, as servers that page by links expect.
        var request = request
        if !credentials.isEmpty { request.query.removeAll { credentials.contains($0.name.lowercased()) } }
        let size = paging.size.flatMap { request.pagingValue($0) }.flatMap { Int($0) }.map { max(1, $0) }
        let given = paging.next.flatMap { request.pagingValue($0) }
        // The first page of an id-cursor list with no size asked is the mock as it is: known
        // before the declared path is walked, which a read with a token pays each time.
        if case .id = paging.cursor, given == nil, size == nil { return nil }
        guard let path = paging.ids.path, let star = path.components.firstIndex(of: .anyIndex),
            case let .array(all)? = document.value(at: JSONPath(Array(path.components[..<star])))
        else { return nil }
        let itemID = JSONPath(Array(path.components[(star + 1)...]))
        let start: Int
        // The API's own offset or page parameter of a list of links, read once for the page's
        // start and its links (nil for other cursors).
        var own: LinkCursor?
        switch paging.cursor {
        case let .id(_, inclusive):
            guard let given else {
                guard let size else { return nil }
                return (replacing(document, at: path.components[..<star], with: Array(all.prefix(size))), [])
            }
            let kept = all.filter { item in
                guard let id = item.value(at: itemID).flatMap(PageID.init) else { return true }
                return Self.kept(id, cursor: given, order: paging.order, inclusive: inclusive, all: all, itemID: itemID)
            }
            return (replacing(document, at: path.components[..<star], with: Array(kept.prefix(size ?? kept.count))), [])
        case .token:
            start = given.flatMap(Self.offset(inToken:)) ?? 0
        case let .pageNumber(_, first):
            guard let given, let number = Int(given) else {
                guard size != nil || linksRecordedNext(document, count: all.count) else { return nil }
                return cut(document, all: all, star: path.components[..<star], start: 0, size: size, request: request, origin: origin)
            }
            start = max(0, number - first) * (size ?? all.count)
        case .offset:
            start = given.flatMap { Int($0) } ?? 0
            // The mock as it is, unless it links the recorded server's next page, past its items.
            if given == nil, size == nil, !linksRecordedNext(document, count: all.count) { return nil }
        case .link, .url:
            own = linkCursor(in: document, items: all, itemID: itemID)
            start = linkStart(request, cursor: own, size: size ?? all.count)
        }
        return cut(
            document, all: all, star: path.components[..<star], start: start, size: size, request: request, origin: origin, own: own)
    }

    /// Items `start ..< start + size` (to the end without a size), with the next token or link
    /// when items remain and none when they do not; a list of links' links set `own` where the
    /// API has one (`linkCursor(in:items:itemID:)`).
    private func cut(
        _ document: JSONValue, all: [JSONValue], star: ArraySlice<JSONPath.Component>, start: Int, size: Int?,
        request: ServerRequest, origin: String?, own: LinkCursor? = nil
    ) -> (JSONValue, [(name: String, value: String)]) {
        let pageSize = size ?? all.count
        let from = min(max(0, start), all.count)
        let to = min(all.count, from + pageSize)
        var page = counted(
            replacing(document, at: star, with: Array(all[from..<to])), start: start, size: size, count: all.count, returned: to - from)
        // A mock with a next token or URL is a first page that says more comes: each page with
        // items gives one, so a mock recorded as one page still pages (to an empty last page).
        var more = to < all.count
        let nextPath = paging.cursor.bodyPath?.path
        let recorded = recordedNext(in: document, count: all.count)
        if let recorded, !recorded.isNull, to > from, paging.cursor.bodyPath != nil {
            more = true
        }
        // The last page says its end as the API does: a null where the mock (or a variant) shows
        // one, else no member at all.
        let ending: JSONValue? = endsWithNull || recorded?.isNull == true ? .null : nil
        // Other links in the body to the recorded next page (`next_url` beside a `next` token)
        // lead to serve's next page, or end with the list.
        if let recorded, !recorded.isNull {
            let link = more ? nextLink(to: request, after: to, size: pageSize, cursor: own) : nil
            page = relinked(page, recorded: recorded, to: link, origin: origin, ending: ending)
        } else if recorded?.isNull == true, let nextPath, more {
            page = Self.linkingBeside(
                nextPath, in: page, to: (origin ?? "") + nextLink(to: request, after: to, size: pageSize, cursor: own))
        }
        // An offset or page-number list declares no next link, yet its body may give one beside
        // the items (Django REST framework's `"next"`), null in a mock that is the whole list: a
        // client following it would stop after the first page.
        if paging.cursor.bodyPath == nil, more, paging.cursor.parameter != nil {
            page = Self.linkingBeside(
                JSONPath(Array(star.dropLast()) + [.key("next")]), in: page,
                to: (origin ?? "") + nextLink(to: request, after: to, size: pageSize, cursor: own), itself: true)
        }
        var headers: [(name: String, value: String)] = []
        switch paging.cursor {
        case .token(.body, _):
            if let nextPath {
                page = Self.setting(more ? .string(Self.tokenPrefix + String(to)) : ending, at: nextPath, in: page)
            }
        case let .token(.header(name), _):
            if more { headers.append((name, Self.tokenPrefix + String(to))) }
        case .link:
            if more {
                headers.append(("Link", "<\(pageLink(to: request, offset: to, size: pageSize, cursor: own))>; rel=\"next\""))
            }
        case .url(.body):
            // The recorded server's next URL would lead a client away from serve: serve's own, or
            // none; absolute on the origin the client reached when the recorded one was absolute.
            if let nextPath {
                let absolute = recorded?.stringValue?.contains("://") == true ? origin : nil
                page = Self.setting(
                    more ? .string((absolute ?? "") + pageLink(to: request, offset: to, size: pageSize, cursor: own)) : ending,
                    at: nextPath, in: page)
            }
        case let .url(.bodyLink(rel, _)):
            // serve's next page in the link the page gives, or no such link on the last page.
            if let nextPath {
                let absolute = recorded?.stringValue?.contains("://") == true ? origin : nil
                let link = more ? (absolute ?? "") + pageLink(to: request, offset: to, size: pageSize, cursor: own) : nil
                page = Self.linking(rel, at: nextPath, in: page, to: link)
            }
        case let .url(.header(name)):
            // Absolute, as servers send it (Kinto's `Next-Page`): a client fetches it as it comes,
            // with nothing to resolve a path against.
            if more { headers.append((name, (origin ?? "") + pageLink(to: request, offset: to, size: pageSize, cursor: own))) }
        default:
            break
        }
        return (page, headers)
    }

    static func offset(inToken token: String) -> Int? {
        token.hasPrefix(tokenPrefix) ? Int(token.dropFirst(tokenPrefix.count)) : nil
    }

    /// Whether an item with `id` belongs to the page after `cursor`. Numbers in a declared order
    /// compare (`max_id` keeps ids up to the cursor, inclusive, or below it); anything else goes
    /// by place in the mock: the items after the cursor's, from it when inclusive.
    private static func kept(
        _ id: PageID, cursor: String, order: Paging.Order?, inclusive: Bool, all: [JSONValue],
        itemID: JSONPath
    ) -> Bool {
        if let order, let number = id.number, let bound = Int64(cursor) {
            switch (order, inclusive) {
            case (.descending, true): return number <= bound
            case (.descending, false): return number < bound
            case (.ascending, true): return number >= bound
            case (.ascending, false): return number > bound
            }
        }
        let ids = all.map { $0.value(at: itemID).flatMap(PageID.init)?.text }
        guard let at = ids.firstIndex(of: cursor), let mine = ids.firstIndex(of: id.text) else { return false }
        return inclusive ? mine >= at : mine > at
    }

    private func replacing(_ value: JSONValue, at components: ArraySlice<JSONPath.Component>, with items: [JSONValue]) -> JSONValue {
        guard let first = components.first else { return .array(items) }
        switch (first, value) {
        case let (.key(key), .object(members)):
            return .object(
                members.map { member in
                    member.key == key ? (member.key, replacing(member.value, at: components.dropFirst(), with: items)) : member
                })
        case let (.index(index), .array(elements)) where elements.indices.contains(index):
            var elements = elements
            elements[index] = replacing(elements[index], at: components.dropFirst(), with: items)
            return .array(elements)
        default:
            return value
        }
    }

    /// The document without the member at a path of keys: the last page has no next token.
    static func removing(_ components: ArraySlice<JSONPath.Component>, from value: JSONValue) -> JSONValue {
        guard let first = components.first, case let .key(key) = first, case let .object(members) = value else { return value }
        if components.count == 1 { return .object(members.filter { $0.key != key }) }
        return .object(members.map { $0.key == key ? ($0.key, removing(components.dropFirst(), from: $0.value)) : $0 })
    }
}
