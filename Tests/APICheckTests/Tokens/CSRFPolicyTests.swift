@testable import APICheck
import Foundation
import Testing
import TestSupport

/// What a `CSRFPolicy` reads from answers and how it is declared.
@Suite struct CSRFPolicyTests {
    @Test func aRefusalIsItsStatusWithAnAnswerThatNamesTheToken() {
        let policy = CSRFAPI.csrf
        #expect(policy.isRefusal(status: 400, body: Data(#"{"message": "400 Bad Request: The CSRF token is missing."}"#.utf8)))
        #expect(policy.isRefusal(status: 403, body: Data(#"{"detail": "CSRF Failed: CSRF token missing."}"#.utf8)))
        #expect(policy.isRefusal(status: 419, body: Data(#"{"message": "CSRF token mismatch."}"#.utf8)))
        // An endpoint's own 400 or 403 is no refusal of the token, nor is a 500 that names it.
        #expect(!policy.isRefusal(status: 400, body: Data(#"{"message": "Not a valid rison schema"}"#.utf8)))
        #expect(!policy.isRefusal(status: 403, body: Data(#"{"message": "Forbidden"}"#.utf8)))
        #expect(!policy.isRefusal(status: 500, body: Data(#"{"message": "CSRF middleware crashed"}"#.utf8)))
    }

    @Test func aCookieTokenIsReadFromSetCookieAndSentDecoded() {
        let policy = CSRFPolicy(.cookie("XSRF-TOKEN", endpoint: nil), header: "X-XSRF-TOKEN")
        let headers: [(name: String, value: String)] = [
            ("Set-Cookie", "laravel_session=abc; path=/; httponly"), ("set-cookie", "XSRF-TOKEN=eyJpdiI6%3D%3D; path=/"),
        ]
        #expect(policy.token(in: nil, headers: headers) == "eyJpdiI6%3D%3D")
        #expect(policy.headerValue(of: "eyJpdiI6%3D%3D") == "eyJpdiI6==")
        #expect(CSRFPolicy.cookies(setBy: headers).map(\.name) == ["laravel_session", "XSRF-TOKEN"])
        // An answer's token goes as it is.
        #expect(CSRFAPI.csrf.headerValue(of: "a%3D") == "a%3D")
    }

    @Test func theHeaderIsASecretAndAnUndeclaredSourceADeclarationProblem() {
        #expect(CSRFAPI.api().redactedFields.contains("X-CSRFToken"))
        let api = CSRFAPI.api(csrf: CSRFPolicy(.answer(endpoint: "security.csrf", at: "$.result")))
        #expect(
            api.problems.map(\.message).contains("the auth policy takes its CSRF token from 'security.csrf', which is not declared"),
            "\(api.problems.map(\.message))")
        #expect(CSRFAPI.api().problems.isEmpty, "\(CSRFAPI.api().problems.map(\.message))")
    }
}
