@testable import APICheck
import Foundation
import Testing

/// Strings with escapes are gathered as UTF-8; the text and the error positions stay exactly as
/// they were when they were built scalar by scalar.
@Suite struct JSONParserStringTests {
    @Test func escapesAmongNonASCIIText() throws {
        let text = #"["pre é \" mid \/ \u4e2d 😀 \ud83d\ude00 \\ \b\f\n\r\t end", "plain ascii", "只有中文"]"#
        #expect(
            try JSONParser.parse(text)
                == .array([
                    .string("pre é \" mid / 中 😀 😀 \\ \u{08}\u{0C}\n\r\t end"), .string("plain ascii"), .string("只有中文"),
                ]))
    }

    @Test(
        arguments: [
            // Invalid UTF-8 with no escape, before the first escape, and in a run after one: the error
            // sits where the run ends.
            ([0x22, 0xFF, 0x22], 2),
            ([0x22, 0xFF, 0x5C, 0x6E, 0x22], 2),
            ([0x22, 0x61, 0x5C, 0x6E, 0xFF, 0x62, 0x22], 6),
        ] as [([UInt8], Int)])
    func invalidUTF8IsPlacedWhereItAlwaysWas(_ bytes: [UInt8], _ offset: Int) {
        do {
            _ = try JSONParser.parse(Data(bytes))
            Issue.record("parsed")
        } catch {
            #expect(error.reason == "invalid UTF-8 in a string")
            #expect(error.offset == offset)
        }
    }

    @Test func aBigArrayParsesInPlaceFromData() throws {
        let text = "[" + (0..<10_000).map { #"{"id": \#($0), "s": "v\#($0)\n"}"# }.joined(separator: ",") + "]"
        let value = try JSONParser.parse(Data(text.utf8))
        #expect(value[9_999]?["s"] == .string("v9999\n"))
        #expect(value == (try JSONParser.parse(text)))
    }
}
