import Foundation
import Testing
@testable import APICheck

/// The secret fields' expressions are compiled when a text first names a secret field, not
/// before: a run whose answers name none never starts the regular-expression engine.
@Suite struct FieldPatternsTests {
    @Test func theExpressionsWaitForATextThatNamesASecretField() {
        let redactor = Redactor(fieldNames: ["utoken", "password"])
        redactor.register("a-known-secret")
        #expect(redactor.redact(#"{"name": "x", "id": 7} a-known-secret"#) == #"{"name": "x", "id": 7} ***"#)
        #expect(redactor.redact("GET /a?count=5") == "GET /a?count=5")
        #expect(!redactor.fieldPatternsCompiled)

        #expect(redactor.redact(#"{"utoken": "abc", "password": 1234}"#) == #"{"utoken": "***", "password": "***"}"#)
        #expect(redactor.fieldPatternsCompiled)
    }

    @Test func noFieldNamesNoExpressions() {
        let redactor = Redactor(fieldNames: [])
        redactor.register("a-known-secret")
        #expect(redactor.redact(#"{"utoken": "abc"} a-known-secret"#) == #"{"utoken": "abc"} ***"#)
        #expect(!redactor.fieldPatternsCompiled)
    }
}
