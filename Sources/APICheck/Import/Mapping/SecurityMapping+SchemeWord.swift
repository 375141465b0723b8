extension SecurityMapping {
    /// The scheme word an API key in `Authorization` travels behind, where the document gives it:
    /// an extension's `prefix` (`x-fern-header: {prefix: "Token "}`), else the scheme's
    /// description showing the header (`-H "Authorization: Token [your-token]"`), naming the quoted
    /// prefix (`required prefix "Token"`) or saying to type the quoted word before the key
    /// (`Enter `Bearer` followed by a space`); nil without.
    static func schemeWord(of scheme: JSONValue) -> String? {
        for (key, value) in OpenAPISource.members(scheme) where key.hasPrefix("x-") {
            if let prefix = OpenAPISource.string(value["prefix"]), let word = word(at: Substring(prefix)), !word.isEmpty {
                return word
            }
        }
        guard let description = OpenAPISource.string(scheme["description"]) else { return nil }
        var rest = Substring(description)
        while let found = rest.range(of: "authorization:", options: .caseInsensitive) {
            rest = rest[found.upperBound...]
            let value = rest.drop { $0 == " " || $0 == "\t" }
            guard let word = word(at: value), word.first?.isUppercase == true else { continue }
            // A capitalised word, then a space and a placeholder or a key: `Token [your-token]`,
            // `Token <key>`, `Token $KEY`, `Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b`.
            let after = value.dropFirst(word.count)
            guard after.first == " " else { continue }
            let key = after.dropFirst().prefix { !$0.isWhitespace && $0 != "\"" && $0 != "'" }
            if let first = key.first, "[<{$".contains(first) || key.count >= 16 { return word }
        }
        return prefixedWord(in: description) ?? quotedWord(in: description)
    }

    /// A quoted word the description names as the prefix: drf-spectacular's "Token-based
    /// authentication with required prefix \"Token\"".
    private static func prefixedWord(in description: String) -> String? {
        var rest = Substring(description)
        while let found = rest.range(of: "prefix ", options: .caseInsensitive) {
            rest = rest[found.upperBound...]
            let value = rest.drop { $0 == " " }
            guard let quote = value.first, "`'\"".contains(quote), let word = word(at: value.dropFirst()) else { continue }
            if value.dropFirst(word.count + 1).first == quote { return word }
        }
        return nil
    }

    /// What follows a quoted scheme word when a description says to type it before the key:
    /// "Enter `Bearer` followed by a space and then the token", "Type 'Bearer' [space] and then
    /// your token".
    private static let leadsToKey = ["followed by", "then", "and then", "[space]", "space", "+ space", "plus a space"]

    /// A word in backticks or quotes, a scheme word's letters only, that the description says
    /// comes before the key and a space: ordinary quoted words ("call `login` then use the
    /// token") are followed by no space, said or inside the quotes.
    private static func quotedWord(in description: String) -> String? {
        var rest = Substring(description)
        while let open = rest.firstIndex(where: { "`'\"".contains($0) }) {
            let quote = rest[open]
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: quote) else { return nil }
            let quoted = rest[..<close]
            rest = rest[rest.index(after: close)...]
            let trimmed = quoted.trimmingCharacters(in: .whitespaces)
            guard let word = word(at: Substring(trimmed)), word == trimmed, word.lowercased() != "authorization" else { continue }
            let after = rest.drop { $0 == " " || $0 == "," }.lowercased()
            guard leadsToKey.contains(where: { after.hasPrefix($0 + " ") || after == $0 }) else { continue }
            if quoted.hasSuffix(" ") || after.prefix(40).contains("space") { return word }
        }
        return nil
    }

    /// The scheme word at the start of `text`: a letter, then letters, digits, `-` or `_`.
    private static func word(at text: Substring) -> String? {
        let trimmed = text.drop { $0 == " " }
        guard let first = trimmed.first, first.isASCII, first.isLetter else { return nil }
        let word = trimmed.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        return String(word)
    }
}
