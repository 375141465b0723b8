@testable import APICheck
import Foundation
import Testing

/// A write to the account it is called as, with a body made up from the schema, must not change
/// what the account logs in by: Mayan EDMS's `PUT /api/v4/users/current/` took
/// `{"username": "string"}` and renamed the account the run logs in as. A member the schema
/// requires makes the operation `endingIdentity()`; an optional one is left out of the sample.
@Suite struct IdentityChangingWriteImportTests {
    static let ok = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#

    static func body(_ schema: String) -> String {
        ##""requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\##(schema)"}}}}"##
    }

    static func fixture() throws -> ImportFixture {
        try ImportFixture(
            schemas: #"""
                "User": {"type": "object", "required": ["username"], "properties": {
                  "username": {"type": "string"}, "first_name": {"type": "string"}, "id": {"type": "integer", "readOnly": true}}},
                "PatchedUser": {"type": "object", "properties": {
                  "username": {"type": "string"}, "emailAddress": {"type": "string"}, "first_name": {"type": "string"}}}
                """#,
            paths: """
                "/api/v4/users/current/": {"put": {"operationId": "current_update", "tags": ["users"], \(body("User")), "responses": \(ok)},
                    "patch": {"operationId": "current_partial_update", "tags": ["users"], \(body("PatchedUser")), "responses": \(ok)}},
                "/api/v4/users/{id}/": {"put": {"operationId": "user_update", "tags": ["users"], \(body("User")),
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}], "responses": \(ok)}},
                "/api/v4/users/current/themes/": {"put": {"operationId": "themes_update", "tags": ["users"], \(body("User")),
                    "responses": \(ok)}},
                "/api/v4/users/": {"post": {"operationId": "user_create", "tags": ["users"], \(body("User")), "responses": \(ok)}}
                """,
            securitySchemes: #""bearer": {"type": "http", "scheme": "bearer"}"#,
            extra: #""security": [{"bearer": []}]"#)
    }

    static func declaration(_ id: String, in group: String) -> Substring {
        guard let start = group.range(of: "id: \"\(id)\"") else { return "" }
        let rest = group[start.lowerBound...]
        return rest.prefix(upTo: rest.range(of: "public let")?.lowerBound ?? rest.endIndex)
    }

    @Test func aRequiredLoginNameMakesTheWriteEndTheIdentity() throws {
        let fixture = try Self.fixture()
        let users = fixture.group("UsersEndpoints")
        #expect(Self.declaration("current_update", in: users).contains(".endingIdentity()"), "\(users)")
        #expect(
            fixture.notes.contains {
                $0.hasPrefix("made up: #/paths/~1api~1v4~1users~1current~1/put/requestBody/content/application~1json: current_update ")
                    && $0.contains("requires 'username'") && $0.contains("declared endingIdentity()")
            }, "\(fixture.notes)")
    }

    @Test func anOptionalLoginNameIsLeftOutOfTheSample() throws {
        let fixture = try Self.fixture()
        let users = fixture.group("UsersEndpoints")
        let patch = Self.declaration("current_partial_update", in: users)
        #expect(!patch.contains(".endingIdentity()"), "\(users)")
        #expect(
            patch.contains(
                ##"Data(#"{"first_name":"string"}"#.utf8)), replacing: [.input("first_name", .string, sample: .unique(prefix: "apicheck-"))]).madeUp()"##
            ), "\(users)")
        #expect(
            fixture.notes.contains {
                $0.contains("current_partial_update writes the account") && $0.contains("'username', 'emailAddress' left out")
            },
            "\(fixture.notes)")
    }

    @Test func anotherAccountOrAnotherThingOfTheCallerIsWrittenAsMadeUp() throws {
        let users = try Self.fixture().group("UsersEndpoints")
        for id in ["user_update", "themes_update", "user_create"] {
            let declared = Self.declaration(id, in: users)
            #expect(!declared.contains(".endingIdentity()"), "\(id): \(users)")
            #expect(declared.contains(#"{"username":"string"}"#), "\(id): \(users)")
        }
    }

    @Test func theCallersWritesAreTold() {
        #expect(IdentityChangingWrite.writesCaller(method: "put", path: "/api/v4/users/current/"))
        #expect(IdentityChangingWrite.writesCaller(method: "patch", path: "/me"))
        #expect(IdentityChangingWrite.writesCaller(method: "post", path: "/account/update"))
        #expect(!IdentityChangingWrite.writesCaller(method: "post", path: "/account"))
        #expect(!IdentityChangingWrite.writesCaller(method: "put", path: "/users/{id}"))
        #expect(!IdentityChangingWrite.writesCaller(method: "put", path: "/users/me/avatar"))
        #expect(IdentityChangingWrite.isIdentifying("user_name") && IdentityChangingWrite.isIdentifying("Email"))
        #expect(!IdentityChangingWrite.isIdentifying("first_name") && !IdentityChangingWrite.isIdentifying("name"))
    }
}
