@testable import APICheck
import Foundation
import Testing

/// Header names are looked up without case, byte by byte for ASCII, and exactly as Foundation's
/// `caseInsensitiveCompare` decides for every pair.
@Suite struct HeaderNameTests {
    @Test func everyPairOfPrintableCharactersComparesAsFoundationDoes() {
        let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + ["é", "É", "ß", "ſ", "K", "\u{212A}"]
        for a in characters {
            for b in characters {
                let foundation = ("X-" + a).caseInsensitiveCompare("x-" + b) == .orderedSame
                #expect(HeaderName.same("X-" + a, "x-" + b) == foundation, "\(a) \(b)")
            }
        }
    }

    @Test func namesOfDifferentLengthsOrCaseAreCompared() {
        #expect(HeaderName.same("Content-Type", "content-type"))
        #expect(HeaderName.same("CONTENT-TYPE", "Content-Type"))
        #expect(!HeaderName.same("Content-Type", "Content-Types"))
        #expect(!HeaderName.same("Content-Type", ""))
        #expect(HTTPResponse(status: 200, headers: [("content-type", "a/b")]).contentType == "a/b")
    }
}
