/// A header line trimmed as Foundation's `.newlines` and `.whitespaces` sets trim it, scalar by
/// scalar in Swift: `trimmingCharacters(in:)` goes through NSString, three times per header line,
/// a bridge every answer of a live run would pay per header.
enum HeaderText {
    /// U+000A to U+000D, U+0085, U+2028, U+2029: `CharacterSet.newlines`.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Tab and the space separators (general category Zs), and the zero-width space, which
    /// Foundation's table still counts (it was Zs once): `CharacterSet.whitespaces`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `text` without the scalars at either end that `drop` says to drop.
    static func trimmed(_ text: Substring, _ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}
