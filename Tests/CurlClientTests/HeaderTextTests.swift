@testable import CurlClient
import Foundation
import Testing

/// Header lines are trimmed in Swift, as Foundation's character sets trim them: the same scalars
/// go, at either end only, whatever the plane.
@Suite struct HeaderTextTests {
    /// Every scalar of the Basic Multilingual Plane (where both sets live) and a few beyond, alone
    /// and around text, trimmed both ways.
    @Test func trimsWhatFoundationsSetsTrim() {
        let scalars = (0...0xFFFF).compactMap(Unicode.Scalar.init) + ["\u{1F600}", "\u{E0020}"]
        for scalar in scalars {
            for text in [String(scalar), "\(scalar)a\(scalar)b\(scalar)", "a\(scalar)"] {
                #expect(
                    HeaderText.trimmed(Substring(text), HeaderText.isNewline) == text.trimmingCharacters(in: .newlines),
                    "U+\(String(scalar.value, radix: 16))")
                #expect(
                    HeaderText.trimmed(Substring(text), HeaderText.isSpace) == text.trimmingCharacters(in: .whitespaces),
                    "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func aValueKeepsItsInnerSpaceAndLosesItsEnds() {
        #expect(HeaderText.trimmed(" \t max-age=0, \u{00A0}private \u{3000}\t", HeaderText.isSpace) == "max-age=0, \u{00A0}private")
        #expect(HeaderText.trimmed("Content-Type: a/b\r\n", HeaderText.isNewline) == "Content-Type: a/b")
        #expect(HeaderText.trimmed("\r\n", HeaderText.isNewline).isEmpty)
    }
}
