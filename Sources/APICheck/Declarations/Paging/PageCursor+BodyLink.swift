extension PageCursor {
    /// The next token or URL where the body gives it: the value at its path, or the `href` of the
    /// link with its relation; nil where the body gives none (a header cursor, or the last page).
    public func bodyValue(in document: JSONValue) -> JSONValue? {
        switch self {
        case let .token(place, _), let .url(place): place.value(in: document)
        default: nil
        }
    }
}

extension PageCursor.Place {
    /// The value this place holds in `document`; nil for a header, or where it is absent.
    public func value(in document: JSONValue) -> JSONValue? {
        switch self {
        case let .body(path):
            return path.path.flatMap { document.value(at: $0) }
        case let .bodyLink(rel, links):
            guard let path = links.path, case let .array(items)? = document.value(at: path),
                let index = Self.index(of: rel, in: items)
            else { return nil }
            return items[index].value(at: JSONPath([.key("href")]))
        case .header:
            return nil
        }
    }

    /// The index of the first link object of `links` whose relation is `rel`.
    public static func index(of rel: String, in links: [JSONValue]) -> Int? {
        links.firstIndex { link in
            switch link.value(at: JSONPath([.key("rel")])) {
            case let .string(text)?: relations(text).contains { same($0, rel) }
            case let .array(names)?: names.contains { $0.stringValue.map { relations($0).contains { same($0, rel) } } ?? false }
            default: false
            }
        }
    }

    /// A `rel` value may name several relations, separated by spaces (`"next last"`).
    private static func relations(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    }

    private static func same(_ a: Substring, _ b: String) -> Bool { a.lowercased() == b.lowercased() }
}
