import Foundation

/// One link of an RFC 8288 `Link` header: `<https://api.example.com/items?page=2>; rel="next"`.
/// A field may hold several links, and a response several fields; commas and semicolons inside a
/// `<…>` target or a quoted parameter are part of it, not separators.
public struct WebLink: Sendable, Equatable {
    /// The URI reference as written: absolute, or relative to the request's URL.
    public var target: String
    /// Parameters by lower-cased name, values unquoted (`rel`, `title`, ...). The first of a
    /// repeated name counts, as RFC 8288 says.
    public var parameters: [String: String]

    public init(target: String, parameters: [String: String] = [:]) {
        self.target = target
        self.parameters = parameters
    }

    /// The relation types, lower-cased: `rel="next last"` is both.
    public var relations: [String] {
        (parameters["rel"] ?? "").lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Every link of one `Link` field value; a malformed link ends the parse with what came before it.
    public static func parse(_ field: String) -> [WebLink] {
        var links: [WebLink] = []
        var rest = Substring(field)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard rest.first == "<", let close = rest.firstIndex(of: ">") else { return links }
            var link = WebLink(target: String(rest[rest.index(after: rest.startIndex)..<close]).trimmingCharacters(in: .whitespaces))
            rest = rest[rest.index(after: close)...]
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.first == ";" else { break }
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = rest.prefix { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " }
                rest = rest[name.endIndex...].drop { $0 == " " || $0 == "\t" }
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                    if rest.first == "\"" {
                        (value, rest) = quoted(rest.dropFirst())
                    } else {
                        let token = rest.prefix { $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
                        value = String(token)
                        rest = rest[token.endIndex...]
                    }
                }
                let key = name.lowercased()
                if !key.isEmpty, link.parameters[key] == nil { link.parameters[key] = value }
            }
            links.append(link)
        }
    }

    /// A quoted string's text (backslash escapes undone) and what follows its closing quote.
    private static func quoted(_ text: Substring) -> (String, Substring) {
        var value = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\"" { return (value, text[index...]) }
            if character == "\\", index < text.endIndex {
                value.append(text[index])
                index = text.index(after: index)
            } else {
                value.append(character)
            }
        }
        return (value, text[index...])
    }

    /// The `rel="next"` link of a response's `Link` fields, resolved against the request's URL;
    /// nil when there is none.
    public static func next(in headers: [(name: String, value: String)], relativeTo base: URL) -> URL? {
        for header in headers where header.name.caseInsensitiveCompare("Link") == .orderedSame {
            if let link = parse(header.value).first(where: { $0.relations.contains("next") }) {
                return URL(string: link.target, relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }
}
