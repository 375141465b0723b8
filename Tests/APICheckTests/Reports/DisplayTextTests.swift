import APICheck
import Foundation
import Testing

@Suite struct DisplayTextTests {
    @Test func everyUnsafeCharacterBecomesAVisibleEscape() {
        #expect(DisplayText.escaped("a\u{1B}]0;title\u{7}b") == #"a\u{1B}]0;title\u{7}b"#)
        #expect(DisplayText.escaped("\u{9B}31m\u{85}\u{7F}\u{0}") == #"\u{9B}31m\u{85}\u{7F}\u{0}"#)
        #expect(
            DisplayText.escaped("\u{202E}cod.exe\u{202C} \u{2066}x\u{2069} \u{200E}\u{200F}\u{61C}")
                == #"\u{202E}cod.exe\u{202C} \u{2066}x\u{2069} \u{200E}\u{200F}\u{61C}"#)
        #expect(DisplayText.escaped("\u{2028}\u{2029}\u{FFFE}\u{FFFF}") == #"\u{2028}\u{2029}\u{FFFE}\u{FFFF}"#)
        #expect(DisplayText.escaped("tab\tcr\rlf\n") == #"tab\u{9}cr\u{D}lf\u{A}"#)
    }

    @Test func zeroWidthFormatAndTagCharactersAreEscaped() {
        #expect(
            DisplayText.escaped("a\u{200B}b\u{200C}c\u{200D}d\u{FEFF}e\u{2060}f\u{2064}g")
                == #"a\u{200B}b\u{200C}c\u{200D}d\u{FEFF}e\u{2060}f\u{2064}g"#)
        #expect(DisplayText.escaped("flag\u{E0067}\u{E0062}\u{E007F}") == #"flag\u{E0067}\u{E0062}\u{E007F}"#)
        // A joiner between two emoji draws one picture; at either end of the text it hides nothing
        // it could join, and is escaped.
        #expect(DisplayText.escaped("🏳️‍🌈 👩‍💻") == "🏳️‍🌈 👩‍💻")
        #expect(DisplayText.escaped("\u{200D}😀\u{200D}") == #"\u{200D}😀\u{200D}"#)
    }

    @Test func newlinesStayWhereAsked() {
        #expect(DisplayText.escaped("one\r\ntwo\nthree\rfour", keepNewlines: true) == "one\ntwo\nthree\\u{D}four")
    }

    @Test func printableTextIsUnchanged() {
        let text = "café 日本 😀 👨‍👩‍👧 \\u{1B} <b>&amp; \"quoted\" % + /"
        #expect(DisplayText.escaped(text) == text)
    }

    @Test func invalidUTF8ArrivesAsReplacementCharacters() {
        let decoded = String(decoding: Data([0x61, 0xC3, 0x28, 0xFF, 0x1B, 0x62]), as: UTF8.self)
        #expect(DisplayText.escaped(decoded) == "a\u{FFFD}(\u{FFFD}\\u{1B}b")
    }
}
