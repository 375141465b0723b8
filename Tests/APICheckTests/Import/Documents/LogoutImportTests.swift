@testable import APICheck
import Foundation
import Testing

/// An operation that sends the token and whose path or id says it logs out is declared
/// `sessionEffect: .logsOut`, with a note: as an ordinary read, `live --reads-only` sent
/// Airflow's `GET /api/v2/auth/logout` beside the other reads, which revoked the token they used.
@Suite struct LogoutImportTests {
    static let ok = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#

    @Test func aLogoutThatSendsTheTokenEndsTheSession() throws {
        let fixture = try ImportFixture(
            paths: """
                "/api/v2/auth/logout": {"get": {"operationId": "logout", "tags": ["auth"], "responses": \(Self.ok)}},
                "/session": {"delete": {"operationId": "user_sign_out", "tags": ["auth"], "responses": \(Self.ok)}},
                "/public/logout": {"get": {"operationId": "publicLogout", "tags": ["auth"], "security": [], "responses": \(Self.ok)}},
                "/logoutable": {"get": {"operationId": "logoutableItems", "tags": ["auth"], "responses": \(Self.ok)}}
                """,
            securitySchemes: #""bearer": {"type": "http", "scheme": "bearer"}"#,
            extra: #""security": [{"bearer": []}]"#)
        let auth = fixture.group("AuthEndpoints")
        func effect(_ id: String) -> Bool {
            guard let start = auth.range(of: "id: \"\(id)\"") else { return false }
            return auth[start.lowerBound...].prefix { $0 != ")" }.contains("sessionEffect: .logsOut")
        }
        #expect(effect("logout") && effect("user_sign_out"), "\(auth)")
        #expect(!effect("publicLogout") && !effect("logoutableItems"), "\(auth)")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1api~1v2~1auth~1logout/get: logout is taken for a logout (its path or id says 'logout'): "
                    + "declared sessionEffect: .logsOut, so live never sends it a token issued beforehand and ends its own "
                    + "sessions with it last; remove that if it does not end the session"), "\(fixture.notes)")
        #expect(fixture.result.writeCount == 0)
    }

    /// ZenML's document names security on each operation and none on its logout, which deletes
    /// the login's cookie: a logout all the same, checked after everything else. One that opts
    /// out (`security: []`) stays public.
    @Test func aLogoutWhoseSecurityTheDocumentLeavesUnsaidEndsTheSession() throws {
        let fixture = try ImportFixture(
            paths: """
                "/api/v1/logout": {"get": {"operationId": "logout_api_v1_logout_get", "tags": ["auth"], "responses": \(Self.ok)}},
                "/public/logout": {"get": {"operationId": "publicLogout", "tags": ["auth"], "security": [], "responses": \(Self.ok)}},
                "/api/v1/current-user": {"get": {"operationId": "me", "tags": ["auth"], "security": [{"bearer": []}], "responses": \(Self.ok)}}
                """,
            securitySchemes: #""bearer": {"type": "http", "scheme": "bearer"}"#)
        let auth = fixture.group("AuthEndpoints")
        func effect(_ id: String) -> Bool {
            guard let start = auth.range(of: "id: \"\(id)\"") else { return false }
            return auth[start.lowerBound...].prefix { $0 != ")" }.contains("sessionEffect: .logsOut")
        }
        #expect(effect("logout_api_v1_logout_get") && !effect("publicLogout") && !effect("me"), "\(auth)")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1api~1v1~1logout/get: logout_api_v1_logout_get is taken for a logout (its path or id says "
                    + "'logout'; it sends no token, but the document says nothing of its security, so it may end the session by "
                    + "its cookie): declared sessionEffect: .logsOut, so live checks it after everything else; remove that if it "
                    + "does not end the session"), "\(fixture.notes)")
    }

    /// An operation that replaces or revokes the credential it is called with ends the session
    /// like a logout: Label Studio's reset-token, sent early by a full `live` run, took the key of
    /// 173 later checks. Another resource's token, a token picked by id or carried in the body is
    /// not the run's own.
    @Test func aResetOfTheCallersOwnCredentialEndsTheSession() throws {
        let body = #""requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/api/current-user/reset-token/": {"post": {"operationId": "api_current_user_reset_token_create", "tags": ["auth"], "responses": \(Self.ok)}},
                "/api/v4/personal_access_tokens/self/rotate": {"post": {"operationId": "rotateSelf", "tags": ["auth"], "responses": \(Self.ok)}},
                "/user/api-key/regenerate": {"post": {"operationId": "newKey", "tags": ["auth"], "responses": \(Self.ok)}},
                "/api/invite/reset-token": {"post": {"operationId": "api_invite_reset_token_create", "tags": ["auth"], "responses": \(Self.ok)}},
                "/api/token/rotate/": {"post": {"operationId": "api_token_rotate_create", "tags": ["auth"], \(body), "responses": \(Self.ok)}},
                "/tokens/{id}/revoke": {"post": {"operationId": "revokeToken", "tags": ["auth"], "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": \(Self.ok)}},
                "/api/dm/views/reset/": {"delete": {"operationId": "resetViews", "tags": ["auth"], "responses": \(Self.ok)}}
                """,
            securitySchemes: #""bearer": {"type": "http", "scheme": "bearer"}"#,
            extra: #""security": [{"bearer": []}]"#)
        let auth = fixture.group("AuthEndpoints")
        func effect(_ id: String) -> Bool {
            guard let start = auth.range(of: "id: \"\(id)\"") else { return false }
            return auth[start.lowerBound...].prefix { $0 != ")" }.contains("sessionEffect: .logsOut")
        }
        #expect(effect("api_current_user_reset_token_create") && effect("rotateSelf") && effect("newKey"), "\(auth)")
        #expect(!effect("api_invite_reset_token_create") && !effect("api_token_rotate_create"), "\(auth)")
        #expect(!effect("revokeToken") && !effect("resetViews"), "\(auth)")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1api~1current-user~1reset-token~1/post: api_current_user_reset_token_create is taken for a "
                    + "reset of the credential it is called with (its path says 'reset' of a token or key): declared "
                    + "sessionEffect: .logsOut, so live never sends it a token issued beforehand and ends its own sessions "
                    + "with it last; remove that if it leaves the credential it is called with working"), "\(fixture.notes)")
    }
}
