import APICheck
import Foundation
import Testing

/// A member named as a secret holds a credential only as a string (or a number: a PIN). An object
/// under that name is ordinary data, walked as any other; and only a value long enough to be a
/// credential is replaced inside other texts: a span's `value` attributes (`gpt-4`, `LLM`, 100)
/// are not rewritten, here or in other mocks.
@Suite struct SecretMemberValueTests {
    static func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Data(text.utf8)) }

    @Test func anObjectUnderASecretNameIsOrdinaryData() throws {
        let placeholders = SecretPlaceholders(fieldNames: ["value", "password"])
        let span = try Self.parse(
            #"{"attributes": [{"key": "llm.model_name", "value": {"string_value": "gpt-4"}}, "#
                + #"{"key": "llm.token_count", "value": {"int_value": 100}}, "#
                + #"{"key": "auth", "value": {"password": "hunter2hunter2"}}]}"#)
        let redacted = placeholders.redact(span)
        #expect(redacted["attributes"]?[0]?["value"]?["string_value"]?.stringValue == "gpt-4")
        #expect(redacted["attributes"]?[1]?["value"]?["int_value"] == .number("100"))
        #expect(redacted["attributes"]?[2]?["value"]?["password"]?.stringValue?.hasPrefix("redacted-password-") == true)
    }

    @Test func onlyACredentialLengthValueIsReplacedElsewhere() throws {
        let placeholders = SecretPlaceholders(fieldNames: ["value"])
        let first = try Self.parse(#"[{"value": "gpt-4"}, {"value": "LLM"}, {"value": 1000}, {"value": "s3cr3t-credential"}]"#)
        let redacted = placeholders.redact(first)
        // Replaced where they sit, all of them.
        #expect(redacted[0]?["value"]?.stringValue != "gpt-4")
        #expect(redacted[1]?["value"]?.stringValue != "LLM")
        #expect(redacted[2]?["value"] != .number("1000"))
        let standIn = try #require(redacted[3]?["value"]?.stringValue)
        #expect(standIn != "s3cr3t-credential")
        // Elsewhere only the credential-length string is.
        let other = try Self.parse(#"{"model_name": "gpt-4o-mini", "kind": "LLM", "limit": "1000 rows", "echo": "s3cr3t-credential"}"#)
        let rest = placeholders.redact(other)
        #expect(rest["model_name"]?.stringValue == "gpt-4o-mini")
        #expect(rest["kind"]?.stringValue == "LLM")
        #expect(rest["limit"]?.stringValue == "1000 rows")
        #expect(rest["echo"]?.stringValue == standIn)
        #expect(placeholders.secrets == ["s3cr3t-credential"])
    }
}
