import Foundation

/// Credentials recognised by their shape rather than by a name or a known value: a JSON Web Token,
/// three base64url parts joined by dots whose first two decode to JSON objects
/// (`eyJhbGciOi….eyJzdWIiOi….c2lnbmF0dXJl`). A server mints one in an ordinary answer (a new API
/// key, a session token in a field no declaration names) and shows it once: the run never sent it
/// and no field name says what it is, yet it opens the server to whoever reads it. The signature
/// may be empty or cut short (an unsigned token, a text already cut): what precedes it is enough.
enum CredentialShape {
    /// The shortest part worth decoding: `{}` encodes to three characters, a real header to 20+.
    private static let shortestPart = 3

    /// Where tokens of this shape sit in `units` (UTF-16 code units or UTF-8 bytes).
    static func ranges<Units: RandomAccessCollection>(in units: Units) -> [Range<Int>]
    where Units.Element: FixedWidthInteger, Units.Index == Int {
        var found: [Range<Int>] = []
        let end = units.endIndex
        var index = units.startIndex
        while index < end {
            guard isPart(units[index]), index == units.startIndex || !isPart(units[index - 1]) else {
                index += 1
                continue
            }
            // Up to three dot-separated runs from here; the third may be empty.
            var parts: [Range<Int>] = []
            var cursor = index
            while parts.count < 3 {
                let start = cursor
                while cursor < end, isPart(units[cursor]) { cursor += 1 }
                parts.append(start..<cursor)
                guard parts.count < 3, cursor < end, units[cursor] == 0x2E else { break }
                cursor += 1
            }
            if parts.count == 3, isObject(parts[0], in: units), isObject(parts[1], in: units) {
                found.append(parts[0].lowerBound..<parts[2].upperBound)
                index = parts[2].upperBound
            } else {
                // The next run may start a token (`host.eyJ….eyJ….sig`).
                index = parts[0].upperBound
            }
        }
        return found
    }

    /// The tokens of this shape in a body, each once, in order.
    static func tokens(in body: Data) -> [String] {
        let bytes = [UInt8](body)
        var seen: Set<String> = []
        return ranges(in: bytes).compactMap { range in
            let token = String(decoding: bytes[range], as: UTF8.self)
            return seen.insert(token).inserted ? token : nil
        }
    }

    /// Whether `text` holds a token of this shape.
    static func contains(_ text: String) -> Bool { !ranges(in: Array(text.utf8)).isEmpty }

    /// A base64url character: a letter, a digit, `-` or `_`.
    @inline(__always) private static func isPart<Unit: FixedWidthInteger>(_ unit: Unit) -> Bool {
        switch unit {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true
        default: false
        }
    }

    /// Whether a run decodes (base64url, unpadded) to a JSON object. Every such encoding starts
    /// with `e` (`{` is 0x7B): most runs are turned down before any decoding.
    private static func isObject<Units: RandomAccessCollection>(_ range: Range<Int>, in units: Units) -> Bool
    where Units.Element: FixedWidthInteger, Units.Index == Int {
        guard range.count >= shortestPart, units[range.lowerBound] == 0x65 else { return false }
        var base64 = range.map { index -> UInt8 in
            switch units[index] {
            case 0x2D: UInt8(ascii: "+")
            case 0x5F: UInt8(ascii: "/")
            default: UInt8(truncatingIfNeeded: units[index])
            }
        }
        if base64.count % 4 == 1 { return false }
        while base64.count % 4 != 0 { base64.append(UInt8(ascii: "=")) }
        guard let decoded = Data(base64Encoded: Data(base64)), case .object? = try? JSONParser.parse(decoded) else { return false }
        return true
    }
}
