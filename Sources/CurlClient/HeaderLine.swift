/// One header line of a response, read from its bytes when they are all ASCII: the common case
/// needs no String of the whole line, no scalar walks, only the name and value copied once. For
/// ASCII, `HeaderText`'s newline set is CR, LF, VT and FF and its space set is space and tab, so
/// this reads a line exactly as the scalar path does; a line with any other byte takes that path.
enum HeaderLine: Equatable {
    /// A status line: a new response starts.
    case status
    /// The blank line that ends the header block.
    case end
    /// A folded line: its text joins the previous field's value.
    case continuation(String)
    case field(name: String, value: String)
    /// A line with no colon: ignored.
    case other

    init?(ascii line: UnsafeRawBufferPointer) {
        guard !line.contains(where: { $0 >= 0x80 }) else { return nil }
        func isNewline(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var start = 0, end = line.count
        while start < end, isNewline(line[start]) { start += 1 }
        while end > start, isNewline(line[end - 1]) { end -= 1 }
        guard start < end else { self = .end; return }
        func text(_ from: Int, _ to: Int) -> String {
            var from = from, to = to
            while from < to, isSpace(line[from]) { from += 1 }
            while to > from, isSpace(line[to - 1]) { to -= 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: line[from..<to]), as: UTF8.self)
        }
        // Byte by byte: an array of "HTTP/" made here would be an allocation per header line.
        if end - start >= 5, line[start] == 0x48, line[start + 1] == 0x54, line[start + 2] == 0x54, line[start + 3] == 0x50,
            line[start + 4] == 0x2F
        {
            self = .status
        } else if isSpace(line[start]) {
            self = .continuation(text(start, end))
        } else if let colon = line[start..<end].firstIndex(of: UInt8(ascii: ":")) {
            self = .field(
                name: String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<colon]), as: UTF8.self),
                value: text(colon + 1, end))
        } else {
            self = .other
        }
    }
}
