import Foundation

extension Paging {
    /// The request for the page after `page`, or why there is none. A page says it is the last by
    /// its declared counts (`saysLast`), else by being empty, by being shorter than the size it
    /// was asked with (cursors with no end of their own), or by giving no next token or link.
    func next(after page: PageRead, of endpoint: AnyEndpoint) -> NextPage {
        let last = saysLast(page)
        if last == true { return .end }
        let size = self.size.flatMap { page.values[$0] }.flatMap { Int($0.text) }
        // A page whose counts say more follow is not the last for being short (a server may
        // leave out items the caller may not see), but an empty one leads nowhere.
        let short = last == false ? false : size.map { page.ids.count < $0 } ?? false
        if last == false, page.ids.isEmpty, cursor.parameter != nil, !cursor.saysItsEnd { return Self.emptyButMore() }
        switch cursor {
        case let .id(parameter, inclusive):
            guard let last = page.ids.last, !short else { return .end }
            var text = last.text
            if inclusive, let number = last.number {
                text = String(order == .descending ? number - 1 : number + 1)
            }
            return ask(page, parameter, text, of: endpoint)
        case let .token(place, parameter):
            let token = text(at: place, of: page)
            guard let token, !token.isEmpty else { return .end }
            let shown = "\(placeName(place)) \(quoted(token))"
            if page.ids.isEmpty {
                return .fault(
                    expected: "no next token after an empty page", found: shown,
                    message: "an empty page still gives a next token (\(shown)): a client following it never ends")
            }
            if page.values[parameter]?.text == token {
                return .fault(
                    expected: "a new token", found: shown,
                    message:
                        "the next token (\(shown)) is the one that asked for this page: a client following it gets the same page for ever")
            }
            return ask(page, parameter, token, of: endpoint)
        case let .pageNumber(parameter, first):
            guard !page.ids.isEmpty, !short else { return .end }
            let current = page.values[parameter].flatMap { Int($0.text) } ?? first
            return ask(page, parameter, String(current + 1), of: endpoint)
        case let .offset(parameter):
            guard !page.ids.isEmpty, !short else { return .end }
            let current = page.values[parameter].flatMap { Int($0.text) } ?? 0
            return ask(page, parameter, String(current + page.ids.count), of: endpoint)
        case .link:
            guard let headers = page.headers, let base = page.url else { return .end }
            return follow(WebLink.next(in: headers, relativeTo: base), from: page, base: base)
        case let .url(place):
            guard let base = page.url, let text = text(at: place, of: page), !text.isEmpty else { return .end }
            guard let next = URL(string: text, relativeTo: base)?.absoluteURL else {
                return .fault(expected: "a URL", found: quoted(text), message: "the next page's URL, \(quoted(text)), is no URL")
            }
            return follow(next, from: page, base: base)
        }
    }

    /// The page a link or next URL leads to, unless it leads nowhere a client should go.
    private func follow(_ next: URL?, from page: PageRead, base: URL) -> NextPage {
        guard let next else { return .end }
        let shown = Self.shown(next)
        let name = cursor == .link ? "links a next one" : "gives a next URL"
        if page.ids.isEmpty {
            return .fault(
                expected: "no next page after an empty page", found: shown,
                message: "an empty page still \(name) (\(shown)): a client following it never ends")
        }
        if next.origin != base.origin {
            let elsewhere = DisplayText.escaped(next.origin ?? next.absoluteString)
            return .fault(
                expected: base.origin ?? "the target's origin", found: elsewhere,
                message: "the next page leads to another origin, \(elsewhere), and is not followed: "
                    + "credentials, the token and secret headers are sent to the target's origin only")
        }
        if next == base {
            return .fault(
                expected: "a link to another page", found: shown,
                message: "the next page's URL is the page's own: a client following it gets the same page for ever")
        }
        return .follow(next)
    }

    /// A next page's URL as findings show it: escaped, with no user or password.
    static func shown(_ next: URL) -> String {
        DisplayText.escaped(Redactor.withoutQuery(next) + (next.query.map { "?" + $0 } ?? ""))
    }

    /// The text of a token or URL where the answer gives it: a string or a number in the body,
    /// or a header; nil when it is absent or null.
    private func text(at place: PageCursor.Place, of page: PageRead) -> String? {
        switch place {
        case .body, .bodyLink:
            return place.value(in: page.document).flatMap { value -> String? in
                switch value {
                case let .string(text): text
                case let .number(text): text
                default: nil
                }
            }
        case let .header(name):
            return page.headers?.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// The values of `page` with the cursor set, typed as the parameter declares: a string
    /// cursor stays a string, a number cursor must be one.
    private func ask(_ page: PageRead, _ parameter: String, _ text: String, of endpoint: AnyEndpoint) -> NextPage {
        var values = page.values
        let type = endpoint.parameters.first { $0.name == parameter }?.type ?? .string
        let value: ParameterValue?
        switch type {
        case .string: value = .string(text)
        case .int, .int64: value = Int64(text).map(ParameterValue.int)
        case .double: value = Double(text).map(ParameterValue.double)
        case .bool: value = Bool(text).map(ParameterValue.bool)
        }
        guard let value else {
            return .fault(
                expected: "a cursor of type \(type.rawValue)", found: quoted(text),
                message: "the next page is asked with '\(parameter)', declared \(type.rawValue), but the cursor is \(quoted(text)); "
                    + "declare the parameter as String")
        }
        values[parameter] = value
        return .ask(values, cursor: "\(parameter)=\(DisplayText.escaped(text))")
    }

    private func placeName(_ place: PageCursor.Place) -> String {
        switch place {
        case let .body(path): path.text
        case let .header(name): "header \(name)"
        case let .bodyLink(rel, path): "the \(rel) link in \(path)"
        }
    }

    private func quoted(_ text: String) -> String { "\"" + DisplayText.escaped(text) + "\"" }
}
