@testable import APICheck
import Foundation
import Testing

/// An operation that deletes the account it is called as, or changes the password it logs in
/// with, is declared `endingIdentity()`, with a note: as an ordinary write, a full `live` run sent
/// Mayan EDMS's `DELETE /api/v4/users/current/` among the others, and the account the run logged
/// in as was gone. One that picks an account by id, acts on something of the caller's, or sends
/// no token is not; a `DELETE` of the caller's own token or key is a logout.
@Suite struct IdentityEndingImportTests {
    static let ok = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#
    static let id = #""parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}]"#

    @Test func aDeletionOfTheCallerOrAChangeOfItsPasswordEndsTheIdentity() throws {
        let fixture = try ImportFixture(
            paths: """
                "/api/v4/users/current/": {"get": {"operationId": "v4_users_current_retrieve", "tags": ["users"], "responses": \(Self.ok)},
                    "delete": {"operationId": "v4_users_current_destroy", "tags": ["users"], "responses": {"204": {"description": "gone"}}}},
                "/me": {"delete": {"operationId": "deleteMe", "tags": ["users"], "responses": \(Self.ok)}},
                "/users/me/password": {"post": {"operationId": "changePassword", "tags": ["users"], "responses": \(Self.ok)}},
                "/auth/password/change/": {"post": {"operationId": "auth_password_change", "tags": ["users"], "responses": \(Self.ok)}},
                "/auth/password/reset/": {"post": {"operationId": "auth_password_reset", "tags": ["users"], "responses": \(Self.ok)}},
                "/users": {"delete": {"operationId": "deleteUsers", "tags": ["users"], "responses": \(Self.ok)}},
                "/users/me/avatar": {"delete": {"operationId": "deleteAvatar", "tags": ["users"], "responses": \(Self.ok)}},
                "/users/{id}": {"delete": {"operationId": "deleteUser", "tags": ["users"], \(Self.id), "responses": \(Self.ok)}},
                "/public/me": {"delete": {"operationId": "forget", "tags": ["users"], "security": [], "responses": \(Self.ok)}},
                "/api/auth/token/": {"delete": {"operationId": "deleteToken", "tags": ["users"], "responses": \(Self.ok)}}
                """,
            securitySchemes: #""bearer": {"type": "http", "scheme": "bearer"}"#,
            extra: #""security": [{"bearer": []}]"#)
        let users = fixture.group("UsersEndpoints")
        func declaration(_ id: String) -> Substring {
            guard let start = users.range(of: "id: \"\(id)\"") else { return "" }
            let rest = users[start.lowerBound...]
            return rest.prefix(upTo: rest.range(of: "public let")?.lowerBound ?? rest.endIndex)
        }
        for id in ["v4_users_current_destroy", "deleteMe", "changePassword", "auth_password_change"] {
            #expect(declaration(id).contains(".endingIdentity()"), "\(id): \(users)")
        }
        for id in [
            "v4_users_current_retrieve", "auth_password_reset", "deleteUsers", "deleteAvatar", "deleteUser", "forget", "deleteToken",
        ] {
            #expect(!declaration(id).contains(".endingIdentity()"), "\(id): \(users)")
        }
        #expect(declaration("deleteToken").contains("sessionEffect: .logsOut"), "\(users)")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1api~1v4~1users~1current~1/delete: v4_users_current_destroy is taken for a deletion of "
                    + "the account it is called as (DELETE /api/v4/users/current/, no id): declared endingIdentity(), so live checks "
                    + "it only when --only names it, after everything else, and says so otherwise; remove that if the account "
                    + "keeps working with the same credentials"), "\(fixture.notes)")
        #expect(
            fixture.notes.contains { $0.contains("changePassword is taken for a change of the password of the account it is called as") })
    }
}
