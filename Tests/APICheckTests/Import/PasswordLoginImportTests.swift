@testable import APICheck
import Foundation
import Testing

/// A login that takes an account and a password in its JSON body and answers the token the
/// document's Bearer scheme sends (Superset's `POST /api/v1/security/login`) is the package's
/// login, its body made from inputs that read the account and password variables, as a login
/// declared by hand is: not the document's example password, which a correct server refuses.
@Suite struct PasswordLoginImportTests {
    /// `refresh401`, `me401`: whether the refresh and `/me` declare a 401 (Superset's `{"message"}`).
    static func superset(
        loginSecurity: String = "", passwordFormat: String = "", refresh401: Bool = false, me401: Bool = false
    ) throws -> ImportFixture {
        let unauthorized =
            #""401": {"description": "Unauthorized", "content": {"application/json": {"schema": {"type": "object", "properties": {"message": {"type": "string"}}}}}},"#
        return try ImportFixture(
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
                  "responses": {\(refresh401 ? unauthorized : "") "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                    "properties": {"access_token": {"type": "string"}}}}}}}}},
                "/me": {"get": {"operationId": "me", "security": [{"jwt": []}], "responses": {\(me401 ? unauthorized : "") "204": {"description": "ok"}}}}
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
        // The refresh declares no 401, nor does any operation: no dead-token answer, so no refresh.
        #expect(!fixture.declaration.contains("RefreshPolicy"), "\(fixture.declaration)")
        #expect(group.contains(#"mock: "refresh")"#), "\(group)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths: refresh renews the token, but no dead-token answer is declared (no expired:) and it declares no 401: live never renews the session; declare the server's in adjusted(_:) (api.expired = [.status(401)])"
                    + ErrorMapping.expiredMocksAdvice
            ), "\(fixture.notes)")
    }

    /// The refresh under a Bearer scheme of its own (Superset's `jwt_refresh`, any
    /// Flask-JWT-Extended API) is the auth policy's refresh, its token the login's
    /// `refresh_token` sent as that scheme's credential: before, it was declared without a token,
    /// and live called it with none (a 401), serve answered it with its mock's token.
    @Test func aRefreshUnderASchemeOfItsOwnIsThePolicysRefresh() throws {
        let fixture = try Self.superset(refresh401: true, me401: true)
        #expect(
            fixture.declaration.contains(
                #"refresh: RefreshPolicy(endpoint: "refresh", placement: .bearer, refreshToken: "$.refresh_token", rotates: false)),"#
            ), "\(fixture.declaration)")
        #expect(fixture.declaration.contains("expired: [.status(401)],"), "\(fixture.declaration)")
        #expect(!fixture.declaration.contains("skippedProbes"), "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "refresh", sessionEffect: .refreshes)"#), "\(group)")
        #expect(fixture.file("mocks/refresh@refused.401.json") != nil, "\(fixture.result.files.map(\.path))")
        #expect(fixture.file("mocks/me@expired.json") != nil, "\(fixture.result.files.map(\.path))")
        #expect(!fixture.notes.contains { $0.contains("jwt_refresh scheme is not mapped") }, "\(fixture.notes)")
    }

    /// Where an operation that sends the token declares no 401, the refresh's 401 is the
    /// dead-token answer, so a token that dies is renewed; the document then promises nothing of
    /// a made-up token (Superset answers a forged one 422), so those probes are left out.
    @Test func theRefreshs401IsTheDeadTokenAnswerWhereNotEveryOperationDeclaresOne() throws {
        let fixture = try Self.superset(refresh401: true)
        #expect(fixture.declaration.contains("expired: [.status(401)],"), "\(fixture.declaration)")
        #expect(
            fixture.declaration.contains(
                #"rotates: false), skippedProbes: [.tokenExpired, .deadRefreshToken])"#
            ), "\(fixture.declaration)")
        #expect(fixture.file("mocks/me@expired.json") != nil, "\(fixture.result.files.map(\.path))")
        #expect(fixture.file("mocks/refresh@refused.401.json") != nil, "\(fixture.result.files.map(\.path))")
        #expect(!fixture.notes.contains { $0.contains("no dead-token answer is declared") }, "\(fixture.notes)")
    }

    /// An operation that needs the token already logs nobody in; without a login the scheme is
    /// a token issued beforehand, as before.
    @Test func anOperationThatNeedsTheTokenIsNoLogin() throws {
        let fixture = try Self.superset(loginSecurity: #""security": [{"jwt": []}],"#)
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#), "\(fixture.declaration)")
        #expect(!fixture.group("DefaultEndpoints").contains("sessionEffect: .logsIn"))
    }

    /// Django REST framework's `ObtainAuthToken` as drf-spectacular writes it (Mayan EDMS's
    /// `POST /api/v4/auth/token/obtain/`): its security lists the session cookie, the token and
    /// HTTP Basic as alternatives, though the server takes none there. It is the login, and the
    /// token goes behind the word the scheme's description names: `Authorization: Token KEY`.
    @Test func aLoginTheTokenIsOnlyAnAlternativeOfIsTheLogin() throws {
        let fixture = try ImportFixture(
            schemas: """
                "AuthToken": {"type": "object", "required": ["password", "token", "username"], "properties": {
                  "username": {"type": "string", "writeOnly": true}, "password": {"type": "string", "writeOnly": true},
                  "token": {"type": "string", "readOnly": true}}}
                """,
            paths: """
                "/api/v4/auth/token/obtain/": {"post": {"operationId": "v4_auth_token_obtain_create",
                  "security": [{"cookieAuth": []}, {"tokenAuth": []}, {"basicAuth": []}],
                  "requestBody": {"required": true, "content": {
                    "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/AuthToken"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/AuthToken"}}}},
                  "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AuthToken"}}}}}}},
                "/api/v4/tags/": {"get": {"operationId": "v4_tags_list",
                  "security": [{"cookieAuth": []}, {"tokenAuth": []}, {"basicAuth": []}],
                  "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #"""
                "basicAuth": {"type": "http", "scheme": "basic"},
                "cookieAuth": {"type": "apiKey", "in": "cookie", "name": "sessionid"},
                "tokenAuth": {"type": "apiKey", "in": "header", "name": "Authorization",
                  "description": "Token-based authentication with required prefix \"Token\""}
                """#)
        #expect(
            fixture.declaration.contains(
                #"auth: AuthPolicy(loginEndpoint: "v4_auth_token_obtain_create", tokenField: "token", placement: .scheme("Token"), accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#
            ), "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"sessionEffect: .logsIn, body: .json(AuthTokenRequest.self, inputs: ["#), "\(group)")
        #expect(group.contains(#"mock: "v4_tags_list", auth: .token, successStatus: 204)"#), "\(group)")
        #expect(!fixture.notes.contains { $0.contains("SHOP_API_KEY") }, "\(fixture.notes)")
    }
}

/// An OAuth 2 `password` flow whose `tokenUrl` is an operation of the document (FastAPI's
/// `OAuth2PasswordBearer`: ZenML's `POST /api/v1/login`, a form body answering `access_token`) is
/// the package's login: not a token issued beforehand with the login an ordinary endpoint sending
/// `grant_type=string`, which the server refuses.
@Suite struct OAuth2PasswordFlowImportTests {
    static func zenml(tokenHeader: TokenHeader? = nil) throws -> ImportFixture {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
             "servers": [{"url": "https://api.shop.example/v2"}],
             "paths": {
               "/api/v1/login": {"post": {"operationId": "token",
                 "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {
                   "grant_type": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                   "username": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                   "password": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                   "client_id": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                   "device_code": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}}},
                 "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"anyOf": [
                   {"type": "object", "properties": {"access_token": {"type": "string"}, "token_type": {"type": "string"}}},
                   {"type": "object", "properties": {"authorization_url": {"type": "string"}}}]}}}}}}},
               "/api/v1/me": {"get": {"operationId": "me", "security": [{"CookieOAuth2TokenBearer": []}],
                 "responses": {"204": {"description": "ok"}}}}},
             "components": {"securitySchemes": {"CookieOAuth2TokenBearer": {"type": "oauth2",
               "flows": {"password": {"scopes": {}, "tokenUrl": "/v2/api/v1/login"}}}}}}
            """
        var settings = ImportFixture.settings
        settings.tokenHeader = tokenHeader
        return ImportFixture(result: try OpenAPIImport(settings: settings).run(try OpenAPIImport.parse(Data(text.utf8))))
    }

    @Test func aPasswordFlowsTokenURLIsThePackagesLogin() throws {
        let fixture = try Self.zenml()
        #expect(
            fixture.declaration.contains(
                #"auth: AuthPolicy(loginEndpoint: "token", tokenField: "access_token", placement: .bearer, accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#
            ), "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(
                #"sessionEffect: .logsIn, body: .form(TokenBody.self, inputs: [.input("username", .string, sample: .environment("SHOP_ACCOUNT", fallback: nil)), .input("password", .string, sample: .environment("SHOP_PASSWORD", fallback: nil), secret: true)]) { input in TokenBody(grantType: "password", username: input.string("username"), password: input.string("password")) })"#
            ), "\(group)")
        #expect(group.contains(#"mock: "me", auth: .token, successStatus: 204)"#), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.hasPrefix(
                    "set: #/components/securitySchemes/CookieOAuth2TokenBearer/flows/password: the CookieOAuth2TokenBearer scheme's OAuth 2 password flow: POST /api/v1/login"
                )
            },
            "\(fixture.notes)")
        #expect(!fixture.notes.contains { $0.contains("SHOP_TOKEN") }, "\(fixture.notes)")
    }

    /// `--token-header` still declares a token issued beforehand, the login an ordinary endpoint.
    @Test func theTokenHeaderStillDeclaresATokenIssuedBeforehand() throws {
        let fixture = try Self.zenml(tokenHeader: TokenHeader(parsing: "Authorization: Bearer"))
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#), "\(fixture.declaration)")
        #expect(!fixture.group("DefaultEndpoints").contains("sessionEffect: .logsIn"))
    }
}
