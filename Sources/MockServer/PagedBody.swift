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

    /// Query parameter of `serve`'s own next links.
    static let linkOffset = "apicheck_offset"
    /// What `serve`'s tokens start with; the rest is the index of the page's first item.
    static let tokenPrefix = "serve-page-"

    /// The document of the page `request` asks for, and the headers that point at the next one;
    /// nil to serve the mock as it is (a first page of a list with no size asked, or a declared
    /// path that leads to no array).
    func page(of document: JSONValue, for request: ServerRequest) -> (JSONValue, [(name: String, value: String)])? {
        let size = paging.size.flatMap { request.queryValue($0) }.flatMap { Int($0) }.map { max(1, $0) }
        let given = paging.next.flatMap { request.queryValue($0) }
        // The first page of an id-cursor list with no size asked is the mock as it is: known
        // before the declared path is parsed and walked, which a read with a token pays each time.
        if case .id = paging.cursor, given == nil, size == nil { return nil }
        guard let path = JSONPath(parsing: paging.ids), let star = path.components.firstIndex(of: .anyIndex),
              case let .array(all)? = document.value(at: JSONPath(Array(path.components[..<star]))) else { return nil }
        let itemID = JSONPath(Array(path.components[(star + 1)...]))
        let start: Int
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
                guard size != nil else { return nil }
                return cut(document, all: all, star: path.components[..<star], start: 0, size: size, request: request)
            }
            start = max(0, number - first) * (size ?? all.count)
        case .offset:
            start = given.flatMap { Int($0) } ?? 0
            if given == nil, size == nil { return nil }
        case .link, .url:
            start = request.queryValue(Self.linkOffset).flatMap { Int($0) } ?? 0
        }
        return cut(document, all: all, star: path.components[..<star], start: start, size: size, request: request)
    }

    /// Items `start ..< start + size` (to the end without a size), with the next token or link
    /// when items remain and none when they do not.
    private func cut(_ document: JSONValue, all: [JSONValue], star: ArraySlice<JSONPath.Component>, start: Int, size: Int?,
                     request: ServerRequest) -> (JSONValue, [(name: String, value: String)]) {
        let from = min(max(0, start), all.count)
        let to = min(all.count, from + (size ?? all.count))
        var page = replacing(document, at: star, with: Array(all[from..<to]))
        // A mock with a next token or URL is a first page that says more comes: each page with
        // items gives one, so a mock recorded as one page still pages (to an empty last page).
        var more = to < all.count
        if let path = paging.cursor.bodyPath.flatMap(JSONPath.init(parsing:)), let token = document.value(at: path), !token.isNull, to > from {
            more = true
        }
        var headers: [(name: String, value: String)] = []
        switch paging.cursor {
        case let .token(.body(text), _):
            if let path = JSONPath(parsing: text) {
                if more { page.set(.string(Self.tokenPrefix + String(to)), at: path) } else { page = Self.removing(path.components[...], from: page) }
            }
        case let .token(.header(name), _):
            if more { headers.append((name, Self.tokenPrefix + String(to))) }
        case .link:
            if more { headers.append(("Link", "<\(Self.link(to: request, offset: to))>; rel=\"next\"")) }
        case let .url(.body(text)):
            // The recorded server's next URL would lead a client away from serve: serve's own, or none.
            if let path = JSONPath(parsing: text) {
                if more { page.set(.string(Self.link(to: request, offset: to)), at: path) } else { page = Self.removing(path.components[...], from: page) }
            }
        case let .url(.header(name)):
            if more { headers.append((name, Self.link(to: request, offset: to))) }
        default:
            break
        }
        return (page, headers)
    }

    /// The next page as a reference from the server's root (`/relay/users?…`): the request's
    /// path and query with the offset set, on whatever origin the client reached.
    static func link(to request: ServerRequest, offset: Int) -> String {
        var query = request.query.filter { $0.name != linkOffset }
        query.append((linkOffset, String(offset)))
        return request.rawPath + "?" + query.map { escape($0.name) + "=" + escape($0.value) }
            .joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func offset(inToken token: String) -> Int? {
        token.hasPrefix(tokenPrefix) ? Int(token.dropFirst(tokenPrefix.count)) : nil
    }

    /// Whether an item with `id` belongs to the page after `cursor`. Numbers in a declared order
    /// compare (`max_id` keeps ids up to the cursor, inclusive, or below it); anything else goes
    /// by place in the mock: the items after the cursor's, from it when inclusive.
    private static func kept(_ id: PageID, cursor: String, order: Paging.Order?, inclusive: Bool, all: [JSONValue],
                             itemID: JSONPath) -> Bool {
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
            return .object(members.map { member in
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
