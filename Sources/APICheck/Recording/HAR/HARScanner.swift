import Foundation

/// Finds the byte range of each of a capture's `log.entries`, and `log.creator`, without building
/// the document: an entry is parsed only when it is read, and dropped after, so importing a capture
/// costs the file and one entry at a time, not a tree of the whole file.
///
/// It checks the nesting and the strings it skips, not every token: an entry that is not JSON is
/// found when the entry itself is parsed.
struct HARScanner {
    struct Layout {
        var entries: [Range<Int>] = []
        var creator: Range<Int>?
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    static func layout(of data: Data) throws(HARArchive.ReadError) -> Layout {
        let result = data.withUnsafeBytes { raw in
            Result<Layout, HARArchive.ReadError>(catching: { () throws(HARArchive.ReadError) -> Layout in
                var scanner = HARScanner(bytes: raw)
                return try scanner.document()
            })
        }
        return try result.get()
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private mutating func document() throws(HARArchive.ReadError) -> Layout {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var layout: Layout?
        skipWhitespace()
        if peek == UInt8(ascii: "{") {
            try members { (scanner, key) throws(HARArchive.ReadError) in
                if key == "log", scanner.peek == UInt8(ascii: "{") { layout = try scanner.log() } else { try scanner.skipValue() }
            }
        } else {
            try skipValue()
        }
        skipWhitespace()
        if position != bytes.count { throw notJSON("unexpected text after the JSON value") }
        guard let layout else { throw HARArchive.ReadError(description: "not a HAR file: no log.entries array") }
        return layout
    }

    private mutating func log() throws(HARArchive.ReadError) -> Layout? {
        var layout = Layout(), sawEntries = false
        try members { (scanner, key) throws(HARArchive.ReadError) in
            let start = scanner.position
            switch key {
            case "entries" where scanner.peek == UInt8(ascii: "["):
                sawEntries = true
                try scanner.elements { (scanner) throws(HARArchive.ReadError) in
                    let start = scanner.position
                    try scanner.skipValue()
                    layout.entries.append(start..<scanner.position)
                }
            case "creator":
                try scanner.skipValue()
                layout.creator = start..<scanner.position
            default:
                try scanner.skipValue()
            }
        }
        return sawEntries ? layout : nil
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func notJSON(_ reason: String) -> HARArchive.ReadError {
        HARArchive.ReadError(description: "not JSON: \(reason) at byte \(position)")
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(HARArchive.ReadError) {
        skipWhitespace()
        guard peek == byte else { throw notJSON("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    /// Calls `body` at each member's value, the key read; `body` must consume the value.
    private mutating func members(_ body: (inout HARScanner, String) throws(HARArchive.ReadError) -> Void) throws(HARArchive.ReadError) {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipWhitespace()
            let keyStart = position
            try skipString()
            let key = (try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[keyStart..<position])))?.stringValue ?? ""
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try body(&self, key)
            skipWhitespace()
            if peek == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    private mutating func elements(_ body: (inout HARScanner) throws(HARArchive.ReadError) -> Void) throws(HARArchive.ReadError) {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if peek == UInt8(ascii: "]") { position += 1; return }
        while true {
            skipWhitespace()
            try body(&self)
            skipWhitespace()
            if peek == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private mutating func skipString() throws(HARArchive.ReadError) {
        guard peek == UInt8(ascii: "\"") else { throw notJSON("expected a string") }
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): position += 1; return
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        throw notJSON("unterminated string")
    }

    /// Skips one value by its brackets and strings; scalars are left to the entry's own parse.
    private mutating func skipValue() throws(HARArchive.ReadError) {
        skipWhitespace()
        guard let first = peek else { throw notJSON("expected a value") }
        switch first {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { position += 1; return }
                default: break
                }
                position += 1
            }
            throw notJSON("unterminated \(first == UInt8(ascii: "{") ? "object" : "array")")
        default:
            let start = position
            while let byte = peek,
                !(byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                    || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09)
            { position += 1 }
            let scalar = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
            guard (try? JSONParser.parse(scalar)) != nil else { throw notJSON("not a JSON value") }
        }
    }
}
