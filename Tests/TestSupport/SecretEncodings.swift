import Foundation

/// Hostile secrets, every form a server can echo them in, and every way a reader can decode an
/// output: the table the redaction tests run through. Written independently of `DecodedText`, so
/// that the redactor is not checked with its own decoder.
public enum SecretEncodings {
    /// Tokens and passwords with every character that has an escaped form somewhere.
    public static let secrets = [
        "tok/en+with=sign\"quote\\back%25pct&amp",
        "pass word/é+日本=😀&\"\\%",
        "Zm9v/YmFy+YmF6==",
        "%41lready-%2Fencoded&x=1",
        "münchen straße 東京 🔑🔒",
    ]

    /// Characters that must never reach an output raw.
    public static let hostile =
        "\u{1B}]0;owned\u{7}\u{1B}]52;c;cm0gLXJm\u{7}\u{1B}[2J\u{9B}31m\u{202E}rev\u{2066}iso\u{2069}\u{200F}\u{61C}\u{7F}\u{85}\u{0}\u{FFFF}"

    /// Every form of `secret`, named: as it is, JSON-escaped several ways, percent-encoded several
    /// ways, as XML references, and nested (a URL in JSON, JSON in a URL).
    public static func forms(of secret: String) -> [(name: String, text: String)] {
        let query = "https://cb.example/next?to=" + percent(secret, upper: true, plusForSpace: true) + "&x=1"
        return [
            ("raw", secret),
            ("json", json(secret, slash: false, all: false, upper: false)),
            ("json \\/", json(secret, slash: true, all: false, upper: false)),
            ("json \\u lower", json(secret, slash: false, all: true, upper: false)),
            ("json \\u upper", json(secret, slash: false, all: true, upper: true)),
            ("json non-ASCII only", json(secret, slash: false, all: false, upper: false, nonASCII: true)),
            ("json twice", json(json(secret, slash: true, all: false, upper: false), slash: true, all: false, upper: false)),
            ("percent upper", percent(secret, upper: true, plusForSpace: false)),
            ("percent lower", percent(secret, upper: false, plusForSpace: false)),
            ("form (+ for space)", percent(secret, upper: true, plusForSpace: true)),
            ("percent mixed case", mixedPercent(secret)),
            ("percent minimal", minimalPercent(secret)),
            ("percent twice", percent(percent(secret, upper: true, plusForSpace: false), upper: true, plusForSpace: false)),
            ("url in a query", query),
            ("url in json", json(query, slash: true, all: false, upper: false)),
            ("json in a url", percent(json(secret, slash: true, all: true, upper: false), upper: false, plusForSpace: false)),
            ("xml decimal", xml(secret, hex: false)),
            ("xml hex", xml(secret, hex: true)),
        ]
    }

    public static func json(_ text: String, slash: Bool, all: Bool, upper: Bool, nonASCII: Bool = false) -> String {
        var out = ""
        for unit in text.utf16 {
            let scalar = Unicode.Scalar(unit)
            switch unit {
            case 0x22 where !all: out += "\\\""
            case 0x5C where !all: out += "\\\\"
            case 0x2F where slash && !all: out += "\\/"
            default:
                if all || unit < 0x20 || (nonASCII && unit > 0x7E) || scalar == nil {
                    out += "\\u" + hex(Int(unit), width: 4, upper: upper)
                } else {
                    out.unicodeScalars.append(scalar!)
                }
            }
        }
        return out
    }

    public static func percent(_ text: String, upper: Bool, plusForSpace: Bool) -> String {
        var out = ""
        for byte in text.utf8 {
            if plusForSpace, byte == 0x20 { out += "+"; continue }
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hex(Int(byte), width: 2, upper: upper)
            }
        }
        return out
    }

    /// Every byte encoded, case alternating inside each escape (`%c3%A9` and `%2f`).
    public static func mixedPercent(_ text: String) -> String {
        text.utf8.enumerated().map { index, byte in
            let digits = hex(Int(byte), width: 2, upper: index.isMultiple(of: 2))
            return "%" + (index.isMultiple(of: 3) ? digits.prefix(1).uppercased() + digits.suffix(1).lowercased() : digits)
        }.joined()
    }

    /// Only what a lenient encoder escapes: `/`, `%`, `&`, `=`, `+`, `"`, `\` and non-ASCII; a space as `+`.
    public static func minimalPercent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if byte == 0x20 {
                out += "+"
            } else if byte > 0x7E || "/%&=+\"\\".utf8.contains(byte) {
                out += "%" + hex(Int(byte), width: 2, upper: true)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    public static func xml(_ text: String, hex useHex: Bool) -> String {
        text.unicodeScalars.map { useHex ? "&#x\(hex(Int($0.value), width: 1, upper: true));" : "&#\($0.value);" }.joined()
    }

    private static func hex(_ value: Int, width: Int, upper: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: upper)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: - Reading an output back

    /// `output` decoded every way a reader might, up to two layers deep: JSON escapes, percent
    /// escapes (with `+` as a space or not), XML references, and `DisplayText`'s `\u{…}`.
    public static func readings(of output: String) -> [String] {
        let decoders: [(String) -> String] = [unJSON, { unPercent($0, plus: true) }, { unPercent($0, plus: false) }, unXML, unDisplay]
        var all: Set<String> = [output]
        var frontier: Set<String> = [output]
        for _ in 0..<2 {
            var next: Set<String> = []
            for text in frontier {
                for decode in decoders { let decoded = decode(text); if all.insert(decoded).inserted { next.insert(decoded) } }
            }
            frontier = next
        }
        return Array(all)
    }

    /// The first reading of `output` that holds `secret`, for a failure message; nil when none does.
    public static func leak(of secret: String, in output: String) -> String? {
        readings(of: output).first { $0.contains(secret) }
    }

    public static func unJSON(_ text: String) -> String {
        var units: [UInt16] = []
        let source = Array(text.utf16)
        var index = 0
        while index < source.count {
            if source[index] == 0x5C, index + 1 < source.count {
                let next = source[index + 1]
                let map: [UInt16: UInt16] = [
                    0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D, 0x62: 0x08, 0x66: 0x0C,
                ]
                if let simple = map[next] { units.append(simple); index += 2; continue }
                if next == 0x75, index + 6 <= source.count,
                    let value = UInt16(String(decoding: source[index + 2..<index + 6], as: UTF16.self), radix: 16)
                {
                    units.append(value); index += 6; continue
                }
            }
            units.append(source[index]); index += 1
        }
        return String(decoding: units, as: UTF16.self)
    }

    public static func unPercent(_ text: String, plus: Bool) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == 0x25, index + 3 <= source.count,
                let byte = UInt8(String(decoding: source[index + 1..<index + 3], as: UTF8.self), radix: 16)
            {
                bytes.append(byte); index += 3; continue
            }
            bytes.append(plus && source[index] == 0x2B ? 0x20 : source[index]); index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func unXML(_ text: String) -> String {
        replacing(#"&(#[0-9]+|#[xX][0-9a-fA-F]+|amp|lt|gt|quot|apos);"#, in: text) { match in
            switch match {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            default:
                (match.hasPrefix("#x") || match.hasPrefix("#X") ? UInt32(match.dropFirst(2), radix: 16) : UInt32(match.dropFirst()))
                    .flatMap(Unicode.Scalar.init).map { String($0) } ?? match
            }
        }
    }

    public static func unDisplay(_ text: String) -> String {
        replacing(#"\\u\{([0-9A-Fa-f]+)\}"#, in: text) { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init).map { String($0) } ?? $0 }
    }

    private static func replacing(_ pattern: String, in text: String, _ transform: (String) -> String) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        let source = text as NSString
        var out = ""
        var position = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            out += source.substring(with: NSRange(location: position, length: match.range.location - position))
            out += transform(source.substring(with: match.range(at: 1)))
            position = NSMaxRange(match.range)
        }
        return out + source.substring(from: position)
    }
}
