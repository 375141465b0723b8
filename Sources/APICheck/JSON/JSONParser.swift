import Foundation

/// A strict RFC 8259 parser producing `JSONValue`.
///
/// Nesting is capped (`maxDepth`, 512 by default) so that a hostile 100k-deep document is an error
/// naming its path instead of a stack overflow.
public struct JSONParser {
    public static let defaultMaxDepth = 512

    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        // Data and arrays are read in place: a big answer is not copied to be parsed.
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            Result<JSONValue, JSONParseError>(catching: { () throws(JSONParseError) -> JSONValue in
                try parse(buffer: buffer, maxDepth: maxDepth)
            })
        }
        if let inPlace { return try inPlace.get() }
        return try Array(bytes).withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            try parse(buffer: buffer, maxDepth: maxDepth)
        }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONParseError) -> JSONValue {
        var parser = Cursor(bytes: buffer, maxDepth: maxDepth)
        // A UTF-8 byte order mark is allowed before the text (RFC 8259 §8.1), as JSONDecoder allows it.
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { parser.position = 3 }
        parser.skipWhitespace()
        if parser.position == buffer.count { throw parser.error("empty document") }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position != buffer.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var position = 0
        /// Where the parser is, for an error's path: an index, or where a member's name starts.
        /// The name is read again only when an error needs it, so that no String is retained
        /// and released for every member of every document that parses.
        var path: [Step] = []

        /// Per depth (the first few), the last object's member count: a list's objects tend to be
        /// alike, and room made at once saves growing each array four or five times. At most
        /// `widthHint`: after a large object (a map), a small one would hold room it never uses.
        var widths = [Int](repeating: 0, count: 16)
        static let widthHint = 32

        enum Step {
            case index(Int)
            /// The offset of the name's opening quote.
            case key(Int)
        }

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func error(_ reason: String) -> JSONParseError {
            var line = 1, column = 1
            for index in 0..<min(position, bytes.count) {
                if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            }
            // Deep documents would print an absurd path: keep its head.
            return JSONParseError(
                reason: reason, offset: position, line: line, column: column,
                path: JSONPath(path.prefix(12).map(component)), pathIsTruncated: path.count > 12)
        }

        /// A step of the path as a path component: a name read again from where it starts (it
        /// parsed once already, so it parses again).
        func component(_ step: Step) -> JSONPath.Component {
            switch step {
            case let .index(index): return .index(index)
            case let .key(start):
                var name = Cursor(bytes: bytes, maxDepth: maxDepth)
                name.position = start
                return .key((try? name.parseString()) ?? "")
            }
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
            case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default:
                throw error("unexpected character '\(Self.printable(bytes[position]))'")
            }
        }

        static func printable(_ byte: UInt8) -> String {
            (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let count = literal.utf8CodeUnitCount
            guard position + count <= bytes.count,
                memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0
            else { throw error("invalid literal") }
            position += count
        }

        mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
            if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
            position += 1
            var members: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            if depth < widths.count, widths[depth] > 0 { members.reserveCapacity(min(widths[depth], Self.widthHint)) }
            while true {
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input in an object") }
                guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                let keyStart = position
                let key = try parseString()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after member name") }
                position += 1
                path.append(.key(keyStart))
                let value = try parseValue(depth: depth)
                path.removeLast()
                members.append((key, value))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input in an object") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    if depth < widths.count { widths[depth] = members.count }
                    return .object(members)
                }
                throw error("expected ',' or '}' in an object")
            }
        }

        mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
            if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
            position += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                path.append(.index(items.count))
                items.append(try parseValue(depth: depth))
                path.removeLast()
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input in an array") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                throw error("expected ',' or ']' in an array")
            }
        }

        mutating func parseNumber() throws(JSONParseError) -> String {
            let start = position
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return position - from
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count else { throw error("invalid number") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
            } else if digits() == 0 {
                throw error("invalid number")
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                if digits() == 0 { throw error("invalid number: digits expected after '.'") }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                if digits() == 0 { throw error("invalid number: digits expected in the exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        mutating func parseString() throws(JSONParseError) -> String {
            position += 1
            let start = position
            // Fast path: no escapes; ASCII needs no UTF-8 validation.
            var ascii = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text =
                        ascii
                        ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                        : try validated(start..<position)
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error("control character in a string") }
                if byte >= 0x80 { ascii = false }
                position += 1
            }
            // Escapes: the text is gathered as UTF-8 and made a String once. Runs of raw text are
            // validated where they end, so that an error points where it always did.
            if !ascii { _ = try validated(start..<position) }
            var utf8: [UInt8] = []
            utf8.reserveCapacity(position - start + 16)
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { position += 1; return String(decoding: utf8, as: UTF8.self) }
                if byte < 0x20 { throw error("control character in a string") }
                if byte == UInt8(ascii: "\\") {
                    position += 1
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code) {
                            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                                bytes[position + 1] == UInt8(ascii: "u")
                            else { throw error("unpaired surrogate in a \\u escape") }
                            position += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        UTF8.encode(scalar) { utf8.append($0) }
                    default:
                        throw error("invalid escape '\\\(Self.printable(escape))'")
                    }
                    continue
                }
                let runStart = position
                var runIsASCII = true
                while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
                    bytes[position] >= 0x20
                {
                    if bytes[position] >= 0x80 { runIsASCII = false }
                    position += 1
                }
                if !runIsASCII { _ = try validated(runStart..<position) }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(JSONParseError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("invalid \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("invalid \\u escape")
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }

        func validated(_ range: Range<Int>) throws(JSONParseError) -> String {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
                throw error("invalid UTF-8 in a string")
            }
            return text
        }
    }
}
