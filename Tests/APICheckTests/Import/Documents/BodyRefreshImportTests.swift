@testable import APICheck
import Foundation
import Testing

/// A refresh that takes the login's refresh token in its JSON body and sends no token (a
/// `POST /token/refresh` with `{"refresh_token": ...}`, an OAuth 2 password flow's `refreshUrl`)
/// is the auth policy's refresh: its endpoint declares the member as a body parameter with no
/// sample, which the run fills with the refresh token it holds. Before, only a refresh under a
/// Bearer scheme of its own was recognised, and such a session was never renewed.
@Suite struct BodyRefreshImportTests {
    static let unauthorized =
        #""401": {"description": "Unauthorized", "content": {"application/json": {"schema": {"type": "object", "properties": {"detail": {"type": "string"}}}}}}"#
    static let tokens =
        #""200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"access_token": {"type": "string"}, "refresh_token": {"type": "string"}, "token_type": {"type": "string"}}}}}}"#

    /// FastAPI's `OAuth2PasswordBearer(tokenUrl="/token", refreshUrl="/token/renew")`: the login a
    /// form of `username` and `password`, the refresh named by the flow's `refreshUrl` only.
    static func fastAPI(refreshPath: String = "/token/renew", refreshURL: String = "/token/renew", security: String = "")
        throws -> ImportFixture
    {
        try ImportFixture(
            paths: """
                "/token": {"post": {"operationId": "login_for_access_token",
                  "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object",
                    "required": ["username", "password"], "properties": {"grant_type": {"type": "string"}, "username": {"type": "string"},
                    "password": {"type": "string"}}}}}},
                  "responses": {\(tokens)}}},
                "\(refreshPath)": {"post": {"operationId": "renew_access_token", \(security)
                  "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                    "required": ["refresh_token"], "properties": {"refresh_token": {"type": "string"}}}}}},
                  "responses": {\(tokens), \(unauthorized)}}},
                "/users/me": {"get": {"operationId": "read_users_me", "security": [{"OAuth2PasswordBearer": []}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                    "properties": {"username": {"type": "string"}}}}}}, \(unauthorized)}}}
                """,
            securitySchemes: """
                "OAuth2PasswordBearer": {"type": "oauth2", "flows": {"password": {"tokenUrl": "/token", "refreshUrl": "\(refreshURL)", "scopes": {}}}}
                """)
    }

    @Test func aRefreshURLsBodyRefreshIsThePolicysRefresh() throws {
        let fixture = try Self.fastAPI()
        #expect(
            fixture.declaration.contains(
                #"refresh: RefreshPolicy(endpoint: "renew_access_token", parameter: "refresh_token", refreshToken: "$.refresh_token", rotates: false))"#
            ), "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(
                """
                            parameters: [
                                .body("refresh_token", .string, secret: true),
                            ],
                            mock: "renew_access_token", sessionEffect: .refreshes)
                """), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.contains("renew_access_token renews the login's token") && $0.contains("in the 'refresh_token' member of its body")
            }, "\(fixture.notes)")
    }

    /// `POST /token/refresh`: its path says what it does, without a flow naming it.
    @Test func aTokenRefreshPathWithARefreshTokenMemberIsThePolicysRefresh() throws {
        let fixture = try Self.fastAPI(refreshPath: "/token/refresh", refreshURL: "")
        #expect(fixture.declaration.contains(#"parameter: "refresh_token""#), "\(fixture.declaration)")
    }

    /// One that needs the access token to be called renews nothing once that token is dead.
    @Test func aBodyRefreshThatSendsTheTokenIsNotTheRefresh() throws {
        let fixture = try Self.fastAPI(security: #""security": [{"OAuth2PasswordBearer": []}],"#)
        #expect(!fixture.declaration.contains("RefreshPolicy"), "\(fixture.declaration)")
    }
}
