@testable import APICheck
import Foundation
import Testing
import TestSupport

/// Where the written-mock proof's search stops, on both sides of each edge: what it decodes is
/// found, one step past the policy is not (and says so here, so that a change of policy is a
/// change of this test).
@Suite struct SecretProofTests {
    static let secret = MockSecretForms.token
    static let proof = SecretProof(secrets: [secret])

    static func base64(_ text: String, layers: Int) -> String {
        (0..<layers).reduce(text) { text, _ in Data(text.utf8).base64EncodedString() }
    }

    @Test func base64IsUndoneThreeLayersDeepAndNoFurther() {
        #expect(Self.proof.form(in: Self.base64("t=" + Self.secret, layers: 3)) == "inside base64")
        #expect(Self.proof.form(in: Self.base64("t=" + Self.secret, layers: 4)) == nil)
    }

    @Test func everyFormOfTheTestSecretsIsFound() {
        for secret in [MockSecretForms.token, MockSecretForms.password] {
            let proof = SecretProof(secrets: [secret])
            for form in MockSecretForms.forms(of: secret) where !form.text.contains("\u{0}") {
                #expect(proof.form(in: form.text) != nil, "\(form.name)")
            }
        }
    }

    @Test func aSecretCutInTwoSideBySideIsFoundAndInThreeIsNot() throws {
        let s = Array(Self.secret)
        let two = JSONValue.array([.string(String(s[..<8])), .string(String(s[8...]))])
        let leak = try #require(Self.proof.leaks(in: two).first)
        #expect(leak.path == JSONPath([.index(1)]) && leak.form.contains("split"))
        let three = JSONValue.array([.string(String(s[..<6])), .string(String(s[6..<12])), .string(String(s[12...]))])
        #expect(Self.proof.leaks(in: three).isEmpty)
        // Apart, with another value between them, the halves are two unrelated strings.
        let apart = JSONValue.object([("a", .string(String(s[..<8]))), ("n", .number("1")), ("b", .string(String(s[8...])))])
        #expect(Self.proof.leaks(in: apart).isEmpty)
    }

    /// A compressed run is inflated up to a cap, and what came out before the cap is searched: a
    /// small run that inflates without end costs a megabyte, never more.
    @Test func aCompressedRunIsSearchedUpToItsCap() {
        #expect(Self.proof.form(in: MockSecretForms.gzipBase64[Self.secret]!) == "inside base64")
        // Not gzip, though it starts like it: no crash, nothing found.
        #expect(
            Self.proof.form(in: Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]).base64EncodedString()) == nil
        )
    }

    @Test func ordinaryTextIsNoLeak() {
        let text = "Lorem ipsum dolor sit amet, MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPI 0037002e 7.00 xQ rot"
        #expect(Self.proof.form(in: text) == nil)
    }
}
