import Foundation

/// Reads request bodies and the raw JSON snippets of drift faults into `SandboxJSON`. Hand-written
/// because Foundation's parser forgets key order and blurs `true` with `1` on Linux, and a wrong
/// type is exactly what the sandbox must notice in a request body.
struct SandboxJSONParser {
    struct Failure: Error {}

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ data: Data) throws(Failure) -> SandboxJSON {
        var parser = SandboxJSONParser(bytes: Array(data))
        return try parser.document()
    }

    static func parse(_ text: String) throws(Failure) -> SandboxJSON {
        try parse(Data(text.utf8))
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func document() throws(Failure) -> SandboxJSON {
        let value = try self.value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw Failure() }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> SandboxJSON {
        // Deep nesting is an attack, not a request body.
        guard depth < 512 else { throw Failure() }
        skipWhitespace()
        guard let byte = peek() else { throw Failure() }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> SandboxJSON {
        index += 1
        var members: [(key: String, value: SandboxJSON)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw Failure() }
            let key = try string()
            skipWhitespace()
            try expect(":")
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect("}")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> SandboxJSON {
        index += 1
        var items: [SandboxJSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect("]")
            return .array(items)
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() throws(Failure) {
            guard !raw.isEmpty else { return }
            guard let text = String(validating: raw, as: UTF8.self) else { throw Failure() }
            scalars.append(contentsOf: text.unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                scalars.append(try escape())
            case 0..<0x20:
                throw Failure()
            default:
                raw.append(byte)
            }
        }
        throw Failure()
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = peek() else { throw Failure() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard peek() == UInt8(ascii: "\\") else { throw Failure() }
                index += 1
                guard peek() == UInt8(ascii: "u") else { throw Failure() }
                index += 1
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw Failure() }
                let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw Failure() }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw Failure() }
            return scalar
        default:
            throw Failure()
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw Failure() }
        index += 4
        return value
    }

    private mutating func number() throws(Failure) -> SandboxJSON {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw Failure() }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = peek(), isDigit(byte) else { throw Failure() }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), isDigit(byte) else { throw Failure() }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text) else { throw Failure() }
        return .double(value)
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count,
            Array(bytes[index..<index + expected.count]) == expected
        else { throw Failure() }
        index += expected.count
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(Failure) {
        guard peek() == UInt8(ascii: character) else { throw Failure() }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            index += 1
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
