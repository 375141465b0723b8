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
}
