import Foundation

/// Swift names made from a document's names: types in UpperCamelCase, properties and cases in
/// lowerCamelCase, keywords escaped, names that would shadow what generated code uses renamed,
/// and string literals of any text. One place, so every writer names alike.
public enum SwiftName {
    /// Keywords that are legal as names in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "false", "is", "nil", "super", "throws", "true", "try", "any", "some", "await", "async",
    ]
    /// Names backticks do not make usable as a property or case (`self`, `init` as a member).
    static let unusable: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_", "unknown"]
    /// Type names generated code refers to (its declarations, conformances, samples and decoding
    /// helpers), and the standard ones a reader expects to mean the standard type: a schema named
    /// so would shadow them in its module.
    static let reservedTypes: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "Array", "Dictionary", "Optional", "Set", "Any", "Self", "Type",
        "Error", "Data", "Date", "URL", "Codable", "Decodable", "Encodable", "Sendable", "Decoder", "Encoder",
        "CodingKey", "CodingKeys", "JSONValue", "Endpoint", "EndpointGroup", "API", "NoContent", "EmptyObject",
        "AuthPolicy", "Parameter", "Sample", "RequestBody", "Foundation", "APICheck", "Protocol", "Character",
        "Hashable", "Equatable", "JSONDecoder", "JSONEncoder", "DecodingError", "EncodingError", "HTTPMethod",
        "ErrorShape", "AnswerSignal", "OneOfDecoding", "OpenAPIOneOfProviding", "OpenAPISchemaProviding", "ParameterValue", "ListStyle",
        "AuthRequirement", "Float",
        "UInt", "Int32", "Void", "Never", "Result", "Decimal", "UUID", "Substring", "Task",
    ]

    /// The words of a name: split at anything not a letter or digit and before an upper-case
    /// letter that follows a lower-case one (`pet_type`, `petType`, `Pet-Type` → pet, type).
    static func words(_ text: String) -> [String] {
        var words: [String] = [], current = ""
        var previous: Character?
        for character in text {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `pet-owner` → `PetOwner`; a name starting with a digit gets a letter first.
    static func type(_ text: String) -> String {
        var name = words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Unnamed" }
        if name.first!.isNumber { name = "T" + name }
        return reservedTypes.contains(name) ? name + "Model" : name
    }

    /// `pet_type` → `petType`, `ID` → `id`; usable as a property or an enum case as written
    /// (keywords in backticks).
    static func member(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "value" }
        let head =
            first.allSatisfy { $0.isUppercase || $0.isNumber }
            ? first.lowercased()
            : first.prefix(1).lowercased() + first.dropFirst()
        var name = head + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first!.isNumber { name = "_" + name }
        if unusable.contains(name) { return name + "Value" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// `petId` → `PET_ID`: an environment variable's name part. A run of single letters is one
    /// word, an acronym Django REST framework spells letter by letter (`open_p_g_p_user_i_d` →
    /// `OPEN_PGP_USER_ID`).
    static func variable(_ text: String) -> String {
        var joined: [String] = []
        var letters = ""
        for word in words(text).map({ $0.uppercased() }) {
            if word.count == 1, word.first?.isLetter == true {
                letters += word
                continue
            }
            if !letters.isEmpty { joined.append(letters) }
            letters = ""
            joined.append(word)
        }
        if !letters.isEmpty { joined.append(letters) }
        return joined.joined(separator: "_")
    }

    /// `name`, or `name2`, `name3`... : the first not in `taken`, which it joins.
    static func unique(_ name: String, in taken: inout Set<String>) -> String {
        var candidate = name, number = 2
        while taken.contains(candidate.replacingOccurrences(of: "`", with: "")) {
            let bare = name.replacingOccurrences(of: "`", with: "")
            candidate = bare + String(number)
            number += 1
        }
        taken.insert(candidate.replacingOccurrences(of: "`", with: ""))
        return candidate
    }

    /// A Swift string literal of any text: quotes and backslashes escaped, control, format and
    /// line-separator scalars as `\u{…}` (raw, they break the literal, a carriage return ending
    /// the line, or hide what the file says, a bidi override reordering it as an editor shows
    /// it). Every Swift file apicheck writes (`init`, `import-openapi`) quotes text through here.
    public static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A documentation comment's text on one line: a description may hold anything.
    /// Text written over lines (a summary), as one: its runs of white space one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func comment(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return String(line.prefix(160)).trimmingCharacters(in: .whitespaces)
    }
}
