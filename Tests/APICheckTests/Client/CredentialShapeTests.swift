import APICheck
import Foundation
import Testing

/// A credential the server mints in an ordinary answer (an API key shown once, as a JWT) is masked
/// by its shape wherever the redactor masks secrets, though no field name says what it is and the
/// run never sent it; dotted text that is no token is left as it is.
@Suite struct CredentialShapeTests {
    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A key as a server mints one: a header and claims, and a signature.
    static let key =
        base64URL(#"{"typ":"JWT","alg":"HS256"}"#) + "." + base64URL(#"{"jti":"ApiKey:7","iat":1765000000}"#) + "."
        + "RzVfM2xxb2NjZ1hGVkZ4Y2lPdU9uZ0pWNm9hR0p5dHdB"
    static let answer = #"{"data": {"id": "U3lzdGVtQXBpS2V5Ojc=", "name": "ci", "key": "\#(key)"}}"#

    @Test func aMintedKeyIsMaskedInTracesAndSnippets() {
        let redactor = Redactor(fieldNames: [])
        let masked = redactor.traceText(Self.answer)
        #expect(!masked.contains(Self.key) && masked.contains(#""key": "***""#), "\(masked)")
        #expect(masked.contains("U3lzdGVtQXBpS2V5Ojc="), "an id is no key: \(masked)")
        let snippet = redactor.snippet(of: Data(Self.answer.utf8), limit: 500)
        #expect(!snippet.contains("RzV") && !snippet.contains("eyJ"), "\(snippet)")
        // Once seen, it is a secret of the run: the proof over a results history looks for it.
        let encoded = JSONValue.object([("note", .string(Data(Self.key.utf8).base64EncodedString()))])
        #expect(redactor.secretPlaces(in: encoded) == ["$.note as inside base64"])
    }

    /// A message already cut inside the signature still shows none of the key.
    @Test func aKeyCutShortIsMaskedToo() {
        let redactor = Redactor(fieldNames: [])
        let cut = String(Self.answer.prefix(Self.answer.count - 30))
        let masked = redactor.redact("first exchange: POST /v1/system/api_keys → HTTP 201 " + cut)
        #expect(!masked.contains("eyJ") && !masked.contains("RzV"), "\(masked)")
    }

    /// A report's finding whose message is cut at its limit inside the key: masked first.
    @Test func aFindingCutInsideTheKeyShowsNoPart() {
        let redactor = Redactor(fieldNames: [])
        let message = String(repeating: "x", count: Finding.messageLimit - 40) + " " + Self.answer
        let finding = Finding(kind: .driftAdded, severity: .warning, endpoint: "createKey", message: message)
        let shown = redactor.redact(finding).message
        #expect(!shown.contains("eyJ") && !shown.contains("RzV"), "\(shown.suffix(120))")
    }

    /// Host names, versions, file names and base64 that decodes to no JSON object are no tokens.
    @Test func dottedTextThatIsNoTokenStays() {
        let redactor = Redactor(fieldNames: [])
        let plain = [
            "GET https://api.example.com/v1.2.3/items?file=report.final.pdf",
            "\(Self.base64URL("hello")).\(Self.base64URL("world")).c2ln",
            "\(Self.base64URL(#"["a"]"#)).\(Self.base64URL(#"{"a":1}"#)).c2ln",
            "\(Self.base64URL(#"{"a":1}"#)).\(Self.base64URL("plain")).c2ln",
            "gpt-4o-mini.eyJ.x",
        ]
        for text in plain { #expect(redactor.redact(text) == text) }
    }

    /// Found after other dotted text glued in front (`host.` + token).
    @Test func aKeyAfterOtherDottedTextIsFound() {
        let redactor = Redactor(fieldNames: [])
        #expect(redactor.redact("see example.org." + Self.key) == "see example.org.***")
    }
}
