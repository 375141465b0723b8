@testable import APICheck
import Foundation
import Testing

/// A login that takes an account and a password in its JSON body and answers the token the
/// document's Bearer scheme sends (Superset's `POST /api/v1/security/login`) is the package's
/// login, its body made from inputs that read the account and password variables, as a login
/// declared by hand is: not the document's example password, which a correct server refuses.
@Suite struct PasswordLoginImportTests {
    static func superset(loginSecurity: String = "", passwordFormat: String = "") throws -> ImportFixture {
        try ImportFixture(
            paths: """
                "/security/login": {"post": {"operationId": "login", \(loginSecurity)
                  "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                    "password": {"type": "string", "example": "complex-password" \(passwordFormat)},
                    "provider": {"type": "string", "enum": ["db", "ldap"], "example": "db"},
                    "refresh": {"type": "boolean", "example": true},
                    "username": {"type": "string", "example": "admin"}}}}}},
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                    "properties": {"access_token": {"type": "string"}, "refresh_token": {"type": "string"}}}}}}}}},
                "/security/refresh": {"post": {"operationId": "refresh", "security": [{"jwt_refresh": []}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                    "properties": {"access_token": {"type": "string"}}}}}}}}},
                "/me": {"get": {"operationId": "me", "security": [{"jwt": []}], "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #""jwt": {"type": "http", "scheme": "bearer"}, "jwt_refresh": {"type": "http", "scheme": "bearer"}"#)
    }

    @Test func aJSONBodyPasswordLoginIsThePackagesLogin() throws {
        let fixture = try Self.superset()
        #expect(
            fixture.declaration.contains(
                #"auth: AuthPolicy(loginEndpoint: "login", tokenField: "access_token", placement: .bearer, accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#
            ), "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(
                #"sessionEffect: .logsIn, body: .json(LoginBody.self, inputs: [.input("username", .string, sample: .environment("SHOP_ACCOUNT", fallback: nil)), .input("password", .string, sample: .environment("SHOP_PASSWORD", fallback: nil), secret: true)]) { input in LoginBody(password: input.string("password"), provider: LoginBodyProvider(rawValue: "db"), refresh: true, username: input.string("username")) })"#
            ), "\(group)")
        #expect(!group.contains("complex-password"), "\(group)")
        #expect(group.contains(#"mock: "me", auth: .token, successStatus: 204)"#), "\(group)")
        #expect(
            fixture.notes.contains(
                "set: #/paths/~1security~1login/post/requestBody: a password login: POST /security/login takes 'username' and 'password' in its JSON body and answers 'access_token', which the jwt scheme sends: declared as the package's login (sessionEffect: .logsIn); live reads the account from $SHOP_ACCOUNT and the password from $SHOP_PASSWORD"
            ), "\(fixture.notes)")
        #expect(!fixture.notes.contains { $0.contains("SHOP_TOKEN") || $0.contains("no example: the body") }, "\(fixture.notes)")
        // The refresh takes its token in the jwt_refresh scheme's header: no RefreshPolicy, said.
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1security~1refresh/post/security: requires jwt_refresh, which the package does not declare: declared without a token; it looks like the login's refresh, which must be declared by hand (docs/auth.md: a RefreshPolicy, and the API's dead-token answer in expired:): until then live calls it without the refresh token and it fails"
            ), "\(fixture.notes)")
    }

    /// An operation that needs the token already logs nobody in; without a login the scheme is
    /// a token issued beforehand, as before.
    @Test func anOperationThatNeedsTheTokenIsNoLogin() throws {
        let fixture = try Self.superset(loginSecurity: #""security": [{"jwt": []}],"#)
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#), "\(fixture.declaration)")
        #expect(!fixture.group("DefaultEndpoints").contains("sessionEffect: .logsIn"))
    }
}
