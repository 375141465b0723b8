import APICheck

/// What a YAML scalar is as JSON. A quoted or block scalar, or one tagged `!!str`, is a string;
/// a plain one is null (`~`, `null`, nothing), a boolean (`true`, `false`), an integer (decimal,
/// `0x`, `0o`) or a float as YAML 1.2's core schema reads them, else a string. YAML 1.1's
/// `yes`/`no`/`on`/`off` stay strings: an OpenAPI document means the word. `.inf` and `.nan`
/// have no JSON number and stay strings.
enum YAMLScalar {
    static func value(_ text: String, plain: Bool, tag: String?) -> JSONValue {
        if let tag, tag.hasSuffix(":str") || tag == "!" { return .string(text) }
        guard plain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = number(text) { return .number(number) }
        return .string(text)
    }

    private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

    /// The number's JSON text, or nil when the text is not one.
    static func number(_ text: String) -> String? {
        var body = Substring(text), sign = ""
        if body.first == "-" || body.first == "+" {
            if body.first == "-" { sign = "-" }
            body = body.dropFirst()
        }
        guard let first = body.first else { return nil }
        if body.hasPrefix("0x"), let value = Int64(body.dropFirst(2), radix: 16) { return sign + String(value) }
        if body.hasPrefix("0o"), let value = Int64(body.dropFirst(2), radix: 8) { return sign + String(value) }
        if body.allSatisfy(isDigit) {
            let trimmed = body.drop { $0 == "0" }
            return sign + (trimmed.isEmpty ? "0" : String(trimmed))
        }
        // A float: digits with one dot and/or an exponent, as JSON writes it.
        guard isDigit(first) || first == "." else { return nil }
        let parts = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        guard parts.count <= 2, let mantissa = parts.first else { return nil }
        let halves = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 || parts.count == 2, halves.allSatisfy({ $0.allSatisfy(isDigit) }),
            halves.contains(where: { !$0.isEmpty })
        else { return nil }
        var json = halves[0].isEmpty ? "0" : String(halves[0])
        if halves.count == 2 { json += "." + (halves[1].isEmpty ? "0" : String(halves[1])) }
        if parts.count == 2 {
            var exponent = parts[1]
            var exponentSign = ""
            if exponent.first == "-" || exponent.first == "+" {
                exponentSign = exponent.first == "-" ? "-" : ""
                exponent = exponent.dropFirst()
            }
            guard !exponent.isEmpty, exponent.allSatisfy(isDigit) else { return nil }
            json += "e" + exponentSign + exponent
        }
        return sign + json
    }
}
