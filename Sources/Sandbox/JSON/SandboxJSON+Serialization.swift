import Foundation

extension SandboxJSON {
    /// Compact UTF-8 JSON, as the sandbox sends it on the wire.
    var data: Data { Data(compactText.utf8) }

    var compactText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indented JSON with `"key": value`, the layout of the files in `mocks/`.
    var prettyText: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .int(value): out += String(value)
        case let .double(value): out += Self.format(value)
        case let .string(value): Self.writeString(value, to: &out)
        case let .array(items):
            writeContainer(open: "[", close: "]", count: items.count, to: &out, indent: indent, level: level) { i, out in
                items[i].write(to: &out, indent: indent, level: level + 1)
            }
        case let .object(members):
            writeContainer(open: "{", close: "}", count: members.count, to: &out, indent: indent, level: level) { i, out in
                Self.writeString(members[i].key, to: &out)
                out += indent == nil ? ":" : ": "
                members[i].value.write(to: &out, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to out: inout String, indent: String?,
        level: Int, element: (Int, inout String) -> Void
    ) {
        out += open
        guard count > 0 else { out += close; return }
        for i in 0..<count {
            if i > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
            element(i, &out)
        }
        if let indent { out += "\n" + String(repeating: indent, count: level) }
        out += close
    }

    /// Always with a fraction or an exponent, so that a reader infers a floating-point number even
    /// when the value happens to be whole. JSON has no NaN or infinity; those become null.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let c where c.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count)
                    + String(c.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
