import APICheck
import Foundation
import Testing

/// `record` on an answer that mints a credential: the key, a JWT under an ordinary `key` member,
/// is a secret of the run, replaced in its mock and wherever another mock quotes it; a `key`
/// member of key/value data is left as it is.
@Suite struct MintedKeyPlaceholderTests {
    @Test func aMintedKeyIsReplacedEverywhereAndOrdinaryKeysStay() throws {
        let placeholders = SecretPlaceholders(fieldNames: ["password"])
        let key = CredentialShapeTests.key
        let created = try JSONParser.parse(Data(CredentialShapeTests.answer.utf8))
        let redacted = placeholders.redact(created)
        let standIn = try #require(redacted["data"]?["key"]?.stringValue)
        #expect(standIn != key && standIn.count == key.count)
        #expect(redacted["data"]?["id"]?.stringValue == "U3lzdGVtQXBpS2V5Ojc=")
        #expect(placeholders.secrets.contains(key))
        let listed = try JSONParser.parse(
            Data(#"{"attributes": [{"key": "region", "value": "eu"}], "note": "made with \#(key)"}"#.utf8))
        let other = placeholders.redact(listed)
        #expect(other["attributes"]?[0]?["key"]?.stringValue == "region")
        #expect(other["note"]?.stringValue == "made with \(standIn)")
    }

    /// Django REST framework SimpleJWT's pair (Label Studio's `/api/token/refresh/` and `rotate/`):
    /// `access` and `refresh` are no credential names, as `"access": "read"` is ordinary data; the
    /// JWTs they hold are judged by their value, replaced in the mock and masked in reports.
    @Test func jwtsUnderAccessAndRefreshAreSecretsAndAnAccessLevelStays() throws {
        let access = CredentialShapeTests.key
        let refresh =
            CredentialShapeTests.base64URL(#"{"alg":"HS256","typ":"JWT"}"#) + "."
            + CredentialShapeTests.base64URL(#"{"token_type":"refresh","user_id":"1"}"#) + ".c2lnbmF0dXJlLW9mLXJlZnJlc2g"
        let answer = #"{"access": "\#(access)", "refresh": "\#(refresh)", "scopes": [{"access": "read"}]}"#
        let placeholders = SecretPlaceholders(fieldNames: ["password", "token"])
        let redacted = placeholders.redact(try JSONParser.parse(Data(answer.utf8)))
        #expect(redacted["access"]?.stringValue != access && redacted["refresh"]?.stringValue != refresh, "\(redacted)")
        #expect(redacted["scopes"]?[0]?["access"]?.stringValue == "read")
        #expect(Set(placeholders.secrets).isSuperset(of: [access, refresh]))
        let masked = Redactor(fieldNames: ["password", "token"]).traceText(answer)
        #expect(!masked.contains(access) && !masked.contains(refresh) && masked.contains(#""access": "read""#), "\(masked)")
    }
}
