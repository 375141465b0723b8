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
}
