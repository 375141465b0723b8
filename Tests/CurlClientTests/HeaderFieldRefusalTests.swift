@testable import CurlClient
import Testing

/// A header the transport refuses to send: the byte path for ASCII names gives the answer the
/// scalars give, for every ASCII byte in the name and in the value, and names beyond ASCII still
/// meet the Unicode rule.
@Suite struct HeaderFieldRefusalTests {
    /// The rule as written for scalars: what the byte path must agree with.
    private func byScalars(_ field: (name: String, value: String)) -> Bool {
        field.name.isEmpty
            || field.name.unicodeScalars.contains { $0 == ":" || $0.properties.isWhitespace || $0.value < 0x20 }
            || field.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }

    @Test func everyASCIIByteInANameOrAValueIsJudgedAsItsScalarIs() {
        for byte in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(byte))
            for field in [
                (name: "X-" + character + "-Name", value: "value"), (name: character, value: "value"),
                (name: "X-Name", value: "a" + character + "b"),
            ] {
                #expect(CurlTransfer.cannotBeSent(field) == byScalars(field), "byte \(byte) in \(field.name.debugDescription)")
            }
        }
    }

    @Test func namesBeyondASCIIKeepTheUnicodeRule() {
        #expect(CurlTransfer.cannotBeSent((name: "X-No\u{00A0}Break", value: "v")))
        #expect(CurlTransfer.cannotBeSent((name: "X-Line\u{2028}Separator", value: "v")))
        #expect(!CurlTransfer.cannotBeSent((name: "X-Caf\u{E9}", value: "v")))
        #expect(!CurlTransfer.cannotBeSent((name: "X-Name", value: "caf\u{E9} \u{2028}")))
        #expect(CurlTransfer.cannotBeSent((name: "", value: "v")))
    }
}
