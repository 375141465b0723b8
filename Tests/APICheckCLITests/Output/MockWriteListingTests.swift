@testable import APICheckCLI
import Testing

/// `record` and `import-har` list what became of each mock through the one escaping of every
/// report: bidi controls and invisible characters from a server cannot reorder or hide a line.
@Suite struct MockWriteListingTests {
    @Test func listingLinesEscapeWhatDisplayTextEscapes() {
        let line = "refused mocks/abc\u{202E}txt.exe\u{200B}.json: \u{1B}[2J key \u{2066}x\u{2069}\u{E0041}"

        #expect(
            MockWriteListing.printable(line)
                == #"refused mocks/abc\u{202E}txt.exe\u{200B}.json: \u{1B}[2J key \u{2066}x\u{2069}\u{E0041}"#)
    }
}
