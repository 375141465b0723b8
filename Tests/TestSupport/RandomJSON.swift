import APICheck
import Foundation

/// Random JSON documents for property tests, and random ways of writing them: any whitespace
/// between tokens, any character escaped as `\uXXXX` (astral ones as surrogate pairs), `\/`,
/// numbers in every grammar the RFC allows.
public struct RandomJSON {
    public var random: SplitMix64
    /// Object keys never drawn (a caller's own structure, such as a HAR's `log`).
    public var reservedKeys: Set<String> = []

    public init(_ random: SplitMix64, reservedKeys: Set<String> = []) {
        self.random = random
        self.reservedKeys = reservedKeys
    }

    /// Characters strings are drawn from: plain ASCII, JSON's specials, the brackets a scanner
    /// must skip inside strings, control characters, non-ASCII up to the astral planes.
    static let characters: [Character] =
        Array("abcXYZ019 _-.,:;") + [
            "\"", "\\", "/", "[", "]", "{", "}",
            "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}", "é", "ß", "中", "\u{2028}", "😀", "𝄞", "\u{FEFF}",
        ]

    public mutating func string(maxCount: Int = 12) -> String {
        random.string(Self.characters, count: random.int(0...maxCount))
    }

    /// A number's text as JSON allows it: `-0`, `12`, `3.25`, `1e5`, `-7.5E-3`, Int64's limits.
    public mutating func numberText() -> String {
        switch random.int(0...5) {
        case 0: return String(random.int(-1000...1000))
        case 1: return random.pick(["0", "-0", "9223372036854775807", "-9223372036854775808", "4130540976425200"])
        case 2: return String(Int64.random(in: Int64.min...Int64.max, using: &random))
        case 3: return "\(random.int(-99...99)).\(random.int(0...999))"
        case 4: return "\(random.int(0...9))\(random.pick(["e", "E"]))\(random.pick(["", "+", "-"]))\(random.int(0...20))"
        default: return "-\(random.int(1...9)).\(random.int(0...99))e-\(random.int(1...9))"
        }
    }

    /// A value nested at most `depth` deep; object keys unique within their object.
    public mutating func value(depth: Int = 4) -> JSONValue {
        switch random.int(0...(depth > 0 ? 6 : 4)) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2: return .number(numberText())
        case 3, 4: return .string(string())
        case 5: return .array((0..<random.int(0...4)).map { _ in value(depth: depth - 1) })
        default:
            var members: [(key: String, value: JSONValue)] = []
            var keys: Set<String> = []
            for _ in 0..<random.int(0...4) {
                let key = string(maxCount: 6)
                guard !reservedKeys.contains(key), keys.insert(key).inserted else { continue }
                members.append((key, value(depth: depth - 1)))
            }
            return .object(members)
        }
    }

    public mutating func whitespace() -> String {
        random.chance(0.6) ? "" : random.string([" ", "\n", "\t", "\r"], count: random.int(1...3))
    }

    /// `value` as JSON text, written a random way.
    public mutating func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(text): return text
        case let .string(text): return quoted(text)
        case let .array(items):
            return "[" + whitespace() + items.map { text($0) + whitespace() }.joined(separator: "," + whitespace()) + "]"
        case let .object(members):
            return "{" + whitespace()
                + members.map { quoted($0.key) + whitespace() + ":" + whitespace() + text($0.value) + whitespace() }
                .joined(separator: "," + whitespace()) + "}"
        }
    }

    public mutating func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let escape = random.chance(0.15)
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where escape: out += "\\/"
            case "\n" where !escape: out += "\\n"
            case "\t" where !escape: out += "\\t"
            case _ where scalar.value < 0x20 || escape:
                for unit in String(scalar).utf16 { out += "\\u" + Self.hex(unit, uppercase: random.chance(0.5)) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Four hex digits (`String(format:)` is slow enough on Linux to dominate a property test).
    static func hex(_ unit: UInt16, uppercase: Bool) -> String {
        let digits = String(unit, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
