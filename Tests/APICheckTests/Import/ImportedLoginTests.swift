@testable import APICheck
import Foundation
import Testing

/// Security schemes that answer a token: an OAuth 2 client-credentials flow's token URL, and an
/// operation secured by HTTP Basic whose answer holds the token the other operations send, each
/// a login that takes HTTP Basic credentials.
@Suite struct ImportedLoginTests {
    static let operations = """
        "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}},
        "/open": {"get": {"operationId": "open", "security": [], "responses": {"204": {"description": "ok"}}}}
        """

    static func clientCredentials(tokenURL: String) throws -> ImportFixture {
        try ImportFixture(
            paths: operations,
            securitySchemes:
                #""oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "\#(tokenURL)", "scopes": {"read": "r", "write": "w"}}}}"#,
            extra: #""security": [{"oauth": ["read"]}]"#)
    }

    @Test(arguments: ["https://api.shop.example/v2/oauth/token", "oauth/token", "/v2/oauth/token"])
    func aClientCredentialsFlowIsALoginEndpointThatTakesBasicCredentials(tokenURL: String) throws {
        let fixture = try Self.clientCredentials(tokenURL: tokenURL)
        #expect(
            fixture.declaration.contains(
                #"auth: AuthPolicy(loginEndpoint: "oauth.token", tokenField: "access_token", placement: .bearer, accountVariable: "SHOP_CLIENT_ID", passwordVariable: "SHOP_CLIENT_SECRET", loginCredentials: .basic),"#
            ),
            "\(fixture.declaration)")
        let login = fixture.group("OauthEndpoints")
        #expect(
            login.contains(
                """
                        public let oauthToken = Endpoint<OauthTokenAnswer>(
                            id: "oauth.token", .post, "oauth/token",
                            mock: "oauth.token", sessionEffect: .logsIn, body: .form(OauthTokenRequest.self, sample: try? JSONDecoder().decode(OauthTokenRequest.self, from: Data(#"{"grant_type":"client_credentials","scope":"read"}"#.utf8))))
                """), "\(login)")
        #expect(fixture.type("OauthTokenAnswer").contains("public var accessToken: String\n"))
        #expect(fixture.type("OauthTokenAnswer").contains("public var expiresIn: Int?\n"))
        #expect(fixture.file("mocks/oauth.token.json")?.contains(#""access_token": "made-up-access-token""#) == true)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "me", auth: .token, successStatus: 204)"#))
        #expect(group.contains(#"mock: "open", successStatus: 204)"#))
        #expect(
            fixture.notes.contains(
                "set: #/components/securitySchemes/oauth: the oauth scheme's client credentials: live reads them from $SHOP_CLIENT_SECRET"))
    }

    @Test func aTokenURLOnAnotherHostStaysATokenIssuedBeforehand() throws {
        let fixture = try Self.clientCredentials(tokenURL: "https://login.example.org/oauth/token")
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#))
        #expect(fixture.group("OauthEndpoints").hasPrefix("(no "))
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/securitySchemes/oauth: oauth2: the clientCredentials token URL 'https://login.example.org/oauth/token' is not under the base URL: declared as a Bearer token issued beforehand ($SHOP_TOKEN)"
            ))
    }

    static func basicLogin(tokenScheme: String, field: String = "token") throws -> ImportFixture {
        try ImportFixture(
            paths: """
                "/auth/token": {"post": {"operationId": "issueToken", "security": [{"basic": []}], "responses": {"200": {"description": "ok",
                  "content": {"application/json": {"schema": {"type": "object", "required": ["\(field)"],
                    "properties": {"\(field)": {"type": "string"}, "expires_at": {"type": "string"}}}}}}}}},
                "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #""basic": {"type": "http", "scheme": "basic"}, "key": \#(tokenScheme)"#,
            extra: #""security": [{"key": []}]"#)
    }

    @Test(arguments: [
        (#"{"type": "http", "scheme": "bearer"}"#, "token", ".bearer"),
        (#"{"type": "apiKey", "in": "header", "name": "X-Session"}"#, "access_token", #".header("X-Session", prefix: "")"#),
        (#"{"type": "apiKey", "in": "query", "name": "session"}"#, "accessToken", #".query("session")"#),
    ])
    func anOperationSecuredByBasicThatAnswersTheTokenIsTheLogin(scheme: String, field: String, placement: String) throws {
        let fixture = try Self.basicLogin(tokenScheme: scheme, field: field)
        #expect(
            fixture.declaration.contains(
                #"auth: AuthPolicy(loginEndpoint: "issueToken", tokenField: "\#(field)", placement: \#(placement), accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD", loginCredentials: .basic),"#
            ),
            "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(#"id: "issueToken", .post, "auth/token",\#n            mock: "issueToken", sessionEffect: .logsIn)"#), "\(group)"
        )
        #expect(group.contains(#"mock: "me", auth: .token, successStatus: 204)"#))
        #expect(!fixture.notes.contains { $0.contains("which the package does not declare") }, "\(fixture.notes)")
        #expect(
            fixture.notes.contains(
                "set: #/components/securitySchemes/key: the login's HTTP Basic credentials (for the key token): live reads them from $SHOP_ACCOUNT"
            ))
    }

    /// An answer without a token is no login: HTTP Basic stays a scheme the package does not declare.
    @Test func aBasicOperationWhoseAnswerHoldsNoTokenIsNoLogin() throws {
        let fixture = try Self.basicLogin(tokenScheme: #"{"type": "http", "scheme": "bearer"}"#, field: "name")
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1auth~1token/post/security: requires basic, which the package does not declare: declared without a token"
            ))
    }
}
