import APICheck
import Foundation
import HTTPServer

extension PagedBody {
    /// serve's own link to the page starting at item `offset`: its token in the cursor parameter
    /// for a token list, the offset or the page's number (pages of `size` items) in the cursor
    /// parameter for an offset or page-number list; for a list of links, in the API's own `cursor`
    /// (`offset=20`, `page=3`) where it has one, else in `apicheck_offset`.
    func nextLink(to request: ServerRequest, after offset: Int, size: Int, cursor: LinkCursor?) -> String {
        switch paging.cursor {
        case let .offset(parameter):
            return Self.link(to: request, setting: parameter, to: String(offset))
        case let .pageNumber(parameter, first):
            return Self.link(to: request, setting: parameter, to: String(first + offset / max(1, size)))
        case let .token(_, parameter):
            // The client sends the token in the body, where the endpoint takes it: the link leads
            // to serve as the request came.
            guard !cursorInBody else { return Self.link(to: request, dropping: parameter) }
            return Self.link(to: request, setting: parameter, to: Self.tokenPrefix + String(offset))
        default:
            return pageLink(to: request, offset: offset, size: size, cursor: cursor)
        }
    }

    /// What marks a link to the recorded server's next page in the mock: the recorded next URL
    /// or token, or for an offset or page-number list the cursor's value of the page after the
    /// mock's `count` items, which are the whole list to serve (`offset=20` after 20 items, `page=2`):
    /// a link with it leads past serve's last page. Nil for an id cursor or a cursor in a header.
    func recordedNext(in document: JSONValue, count: Int) -> JSONValue? {
        switch paging.cursor {
        case .offset: .string(String(count))
        case let .pageNumber(_, first): .string(String(first + 1))
        default: paging.cursor.bodyValue(in: document)
        }
    }

    /// Whether a string of `document` links to the recorded server's next page (`recordedNext`).
    func linksRecordedNext(_ document: JSONValue, count: Int) -> Bool {
        guard let recorded = recordedNext(in: document, count: count) else { return false }
        func walk(_ value: JSONValue) -> Bool {
            switch value {
            case let .string(text): leadsToRecordedNext(text, recorded: recorded)
            case let .array(items): items.contains(where: walk)
            case let .object(members): members.contains { walk($0.value) }
            default: false
            }
        }
        return walk(document)
    }

    /// `value` with every string that links to the recorded next page (the recorded next URL
    /// itself, or a URL whose cursor parameter holds the recorded token, offset or page number)
    /// made `link` (absolute on `origin` when it was absolute), or `ending` when the list ends. A
    /// link object whose `href` ends so (`{"rel": "next", "href": …}`) goes with it.
    func relinked(_ value: JSONValue, recorded: JSONValue, to link: String?, origin: String?, ending: JSONValue?) -> JSONValue {
        func walk(_ value: JSONValue) -> JSONValue? {
            switch value {
            case let .string(text) where leadsToRecordedNext(text, recorded: recorded):
                guard let link else { return ending }
                return .string((text.contains("://") ? origin ?? "" : "") + link)
            case let .array(items):
                return .array(
                    items.compactMap { item in
                        let walked = walk(item)
                        if walked == nil, case .object = item { return nil }
                        return walked ?? .null
                    })
            case let .object(members):
                var kept: [(key: String, value: JSONValue)] = []
                for member in members {
                    guard let walked = walk(member.value) else {
                        if member.key == "href" { return nil }
                        continue
                    }
                    kept.append((member.key, walked))
                }
                return .object(kept)
            default:
                return value
            }
        }
        return walk(value) ?? value
    }

    private func leadsToRecordedNext(_ text: String, recorded: JSONValue) -> Bool {
        switch paging.cursor {
        case .url:
            return text == recorded.stringValue
        case let .token(_, parameter), let .offset(parameter), let .pageNumber(parameter, _):
            guard text.contains("?"), let token = recorded.stringValue ?? (recorded.isNull ? nil : recorded.compactText),
                let items = URLComponents(string: text)?.queryItems
            else { return false }
            return items.contains { $0.name == parameter && $0.value == token }
        default:
            return false
        }
    }

    /// `value` with serve's next link in the null members beside the next token that are named
    /// after it (`next_url`, `next_link`, `nextUrl` beside `next`): a mock that is a whole list
    /// holds null in every link to the next page, so only the name tells them apart. With
    /// `itself`, a null member at `nextPath` too: a list that declares no next link in its body.
    static func linkingBeside(_ nextPath: JSONPath, in value: JSONValue, to link: String, itself: Bool = false) -> JSONValue {
        guard case let .key(name)? = nextPath.components.last else { return value }
        let parent = JSONPath(Array(nextPath.components.dropLast()))
        guard case let .object(members)? = value.value(at: parent) else { return value }
        var value = value
        if itself, members.contains(where: { $0.key == name && $0.value.isNull }) { value.set(.string(link), at: nextPath) }
        for member in members where member.value.isNull && member.key.count > name.count && member.key.hasPrefix(name) {
            let after = member.key[member.key.index(member.key.startIndex, offsetBy: name.count)]
            guard after == "_" || after == "-" || after.isUppercase else { continue }
            value.set(.string(link), at: JSONPath(parent.components + [.key(member.key)]))
        }
        return value
    }

    /// `value` with the link whose relation is `rel`, in the array of links at `path`, leading to
    /// `link`; without it when `link` is nil. A page whose mock gave none gains one.
    static func linking(_ rel: String, at path: JSONPath, in value: JSONValue, to link: String?) -> JSONValue {
        guard case let .array(links)? = value.value(at: path) else {
            guard let link else { return value }
            var value = value
            value.set(.array([.object([("rel", .string(rel)), ("href", .string(link))])]), at: path)
            return value
        }
        var items = links
        switch (PageCursor.Place.index(of: rel, in: links), link) {
        case let (index?, link?): items[index].set(.string(link), at: JSONPath([.key("href")]))
        case let (index?, nil): items.remove(at: index)
        case let (nil, link?): items.append(.object([("rel", .string(rel)), ("href", .string(link))]))
        case (nil, nil): return value
        }
        var value = value
        value.set(.array(items), at: path)
        return value
    }

    /// `value` with `member` at a path of keys, or without that member when `member` is nil.
    static func setting(_ member: JSONValue?, at path: JSONPath, in value: JSONValue) -> JSONValue {
        guard let member else { return removing(path.components[...], from: value) }
        var value = value
        value.set(member, at: path)
        return value
    }

    /// The next page as a reference from the server's root (`/relay/users?…`): the request's
    /// path and query with the offset set, on whatever origin the client reached.
    static func link(to request: ServerRequest, offset: Int) -> String {
        link(to: request, setting: linkOffset, to: String(offset))
    }

    /// The request's path and query with `parameter` set to `value`, from the server's root.
    static func link(to request: ServerRequest, setting parameter: String, to value: String) -> String {
        var query = request.query.filter { $0.name != parameter }
        query.append((parameter, value))
        return request.rawPath + "?"
            + query.map { escape($0.name) + "=" + escape($0.value) }
            .joined(separator: "&")
    }

    /// The request's path and query without `parameter`, from the server's root.
    static func link(to request: ServerRequest, dropping parameter: String) -> String {
        let query = request.query.filter { $0.name != parameter }
        guard !query.isEmpty else { return request.rawPath }
        return request.rawPath + "?" + query.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
