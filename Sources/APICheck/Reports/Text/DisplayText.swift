/// Text from a server, a mock file or a user made safe to print: to a terminal, a text report,
/// JSON, JUnit XML or a GitHub annotation. Every character that could act instead of showing is
/// written as a visible escape (`\u{1B}`): C0 controls, DEL, C1 controls (U+009B is a CSI on its
/// own), the bidi embeddings, overrides, isolates and marks (text that reads otherwise than it is
/// stored), the line and paragraph separators, the zero-width and invisible format characters
/// (U+200B–U+200D, U+2060–U+2064, U+FEFF: text that hides what it holds), the tag characters
/// (U+E0000–U+E007F), and U+FFFE/U+FFFF (not characters, and not allowed in XML). Invalid UTF-8 never gets this far: it was decoded as U+FFFD.
///
/// This is the one place that decides; the renderers (through `Report.forDisplay`) and the
/// `--verbose` trace (through `Redactor.traceText`) call it.
public enum DisplayText {
    /// `text` with every unsafe character escaped. With `keepNewlines`, `\n` (and `\r\n`, which
    /// becomes `\n`) stays a line break; otherwise it is escaped too.
    public static func escaped(_ text: String, keepNewlines: Bool = false) -> String {
        // Printable ASCII, the usual case, is settled byte by byte without decoding scalars.
        guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return text }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        var previous: Unicode.Scalar?
        while let scalar = pending {
            pending = scalars.next()
            if keepNewlines, scalar == "\r", pending == "\n" { continue }
            defer { previous = scalar }
            if isUnsafe(scalar), !(keepNewlines && scalar == "\n"), !joinsEmoji(scalar, after: previous, before: pending) {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A zero-width joiner between two emoji (`👨‍👩‍👧`, `🏳️‍🌈`) draws one picture and stays; anywhere
    /// else it only hides what the text holds.
    private static func joinsEmoji(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        guard scalar == "\u{200D}", let previous, let next else { return false }
        func pictograph(_ s: Unicode.Scalar) -> Bool { s.value > 0xFF && s.properties.isEmoji }
        return (pictograph(previous) || previous == "\u{FE0F}" || previous.properties.isEmojiModifier) && pictograph(next)
    }

    /// Whether `scalar` is one that `escaped` writes as an escape.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF, 0xE0000...0xE007F: true
        case 0x2028, 0x2029, 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}
