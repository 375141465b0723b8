import Foundation

extension JSONValue {
    /// The value as compact JSON text, keys in document order.
    public var compactText: String {
        var out = ""
        render(into: &out, indent: nil, level: 0)
        return out
    }

    /// The value as JSON text indented by two spaces, keys in document order.
    public var prettyText: String {
        var out = ""
        render(into: &out, indent: "  ", level: 0)
        return out
    }

    private func render(into out: inout String, indent: String?, level: Int) {
        let newline = indent == nil ? "" : "\n"
        func pad(_ level: Int) -> String { indent.map { String(repeating: $0, count: level) } ?? "" }
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .number(text): out += text
        case let .string(text): out += Self.quoted(text)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += pad(level + 1)
                item.render(into: &out, indent: indent, level: level + 1)
                out += (index < items.count - 1 ? "," : "") + newline
            }
            out += pad(level) + "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{" + newline
            for (index, member) in members.enumerated() {
                out += pad(level + 1) + Self.quoted(member.key) + (indent == nil ? ":" : ": ")
                member.value.render(into: &out, indent: indent, level: level + 1)
                out += (index < members.count - 1 ? "," : "") + newline
            }
            out += pad(level) + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Control characters, DEL and the JavaScript line separators: escaped so that the text
            // survives any consumer, a terminal included.
            case let s where s.value < 0x20 || s.value == 0x7F || s == "\u{2028}" || s == "\u{2029}":
                out += String(format: "\\u%04x", s.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
