@testable import APICheck
import Foundation
import Testing

/// Security schemes into the one auth policy, and which endpoints send the token.
@Suite struct SecurityMappingTests {
    static func fixture(_ scheme: String, operationSecurity: String = "") throws -> ImportFixture {
        try ImportFixture(
            paths: """
                "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}},
                "/open": {"get": {"operationId": "open", "security": [\(operationSecurity)], "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #""main": \#(scheme)"#, extra: #""security": [{"main": []}]"#)
    }

    @Test(arguments: [
        (#"{"type": "http", "scheme": "bearer"}"#, #"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#),
        (#"{"type": "http", "scheme": "basic"}"#, #"auth: .basic(accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#),
        (
            #"{"type": "apiKey", "in": "header", "name": "X-Key"}"#,
            #"auth: .preIssued(variable: "SHOP_API_KEY", placement: .header("X-Key", prefix: "")),"#
        ),
        (#"{"type": "apiKey", "in": "query", "name": "key"}"#, #"auth: .preIssued(variable: "SHOP_API_KEY", placement: .query("key")),"#),
    ])
    func aSchemeIsThePolicy(scheme: String, policy: String) throws {
        let fixture = try Self.fixture(scheme)
        #expect(fixture.declaration.contains(policy))
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "me", auth: .token, successStatus: 204)"#))
        #expect(group.contains(#"mock: "open", successStatus: 204)"#))
    }

    @Test func aCookieKeyIsNotedAndNoEndpointSendsAToken() throws {
        let fixture = try Self.fixture(#"{"type": "apiKey", "in": "cookie", "name": "sid"}"#)
        #expect(!fixture.declaration.contains("auth:"))
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/securitySchemes/main: an API key in a cookie is not mapped (in a header or the query is)"))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1me/get/security: requires main, which the package does not declare: declared without a token"))
    }
}
