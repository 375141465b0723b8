import APICheck
import Foundation
import TestSupport
import Testing

/// A token object's `key` (Nautobot's and NetBox's `Token`, listed with the full key of every
/// token the account has) is a secret where the answers hold that object, and nowhere else: a
/// custom field's `key` is its name, which `record` must keep.
@Suite struct TokenObjectSecretsTests {
    static let schemas = ##"""
        "Token": {"type": "object", "properties": {"id": {"type": "string"}, "display": {"type": "string"},
          "key": {"type": "string", "maxLength": 40, "minLength": 40}, "description": {"type": "string"}}},
        "PaginatedTokenList": {"type": "object", "properties": {"count": {"type": "integer"},
          "results": {"type": "array", "items": {"$ref": "#/components/schemas/Token"}}}},
        "CustomField": {"type": "object", "properties": {"id": {"type": "string"}, "key": {"type": "string"}}},
        "PaginatedCustomFieldList": {"type": "object", "properties": {"count": {"type": "integer"},
          "results": {"type": "array", "items": {"$ref": "#/components/schemas/CustomField"}}}}
        """##

    static let paths = ##"""
        "/users/tokens/": {"get": {"operationId": "users_tokens_list", "responses": {"200": {"description": "ok",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PaginatedTokenList"}}}}}}},
        "/users/tokens/{id}/": {"get": {"operationId": "users_tokens_retrieve",
          "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Token"}}}}}}},
        "/extras/custom-fields/": {"get": {"operationId": "extras_custom_fields_list", "responses": {"200": {"description": "ok",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PaginatedCustomFieldList"}}}}}}}
        """##

    @Test func theImportRedactsATokenObjectsKeyWhereItsAnswersHoldIt() throws {
        let fixture = try ImportFixture(schemas: Self.schemas, paths: Self.paths)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "users_tokens_list").redacting("$.results[*].key")"#), "\(group)")
        #expect(group.contains(#"mock: "users_tokens_retrieve").redacting("$.key")"#), "\(group)")
        #expect(group.components(separatedBy: ".redacting(").count == 3, "\(group)")
        #expect(!fixture.declaration.contains("secretFields"), "\(fixture.declaration)")
        let note = try #require(fixture.result.notes.first { $0.location == "#/components/schemas/Token/properties/key" })
        #expect(note.kind == .secret && note.message.contains("redacting"), "\(note)")
    }

    @Test func recordWritesStandInsForTheKeysAndKeepsOtherKeys() throws {
        let tokens = Endpoint<JSONValue>(id: "users_tokens_list", .get, "users/tokens/", mock: "users_tokens_list", enveloped: false)
            .redacting("$.results[*].key")
        let fields = Endpoint<JSONValue>(id: "fields", .get, "extras/custom-fields/", mock: "fields", enveloped: false)
        let api = API(name: "t", envelope: nil, endpoints: [tokens, fields])
        let other = "aaaabbbbccccddddeeeeffff0000111122223333"
        let listed = #"{"count": 1, "results": [{"id": "1", "key": "\#(other)", "description": "ci token"}]}"#
        let quoted = #"{"count": 1, "results": [{"id": "2", "key": "site_code", "note": "made from \#(other)"}]}"#
        let folder = try TemporaryFolder("apicheck-token-object")
        defer { folder.remove() }
        let candidates = [
            MockCandidate(endpoint: tokens.erased, status: 200, document: try JSONParser.parse(Data(listed.utf8))),
            MockCandidate(endpoint: fields.erased, status: 200, document: try JSONParser.parse(Data(quoted.utf8))),
        ]
        let results = MockWriter(api: api, directory: folder.url).write(candidates, placeholders: SecretPlaceholders(api: api))
        let written = try results.map { try String(contentsOfFile: $0.path, encoding: .utf8) }
        #expect(results.allSatisfy { $0.action == .created }, "\(results.map(\.findings))")
        #expect(written.allSatisfy { !$0.contains(other) }, "\(written)")
        #expect(written[0].contains("ci token") && written[1].contains("site_code"), "\(written)")
    }

    /// Superset's `GET /api/v1/security/csrf_token/` answers its CSRF token as `result`, a name
    /// that is data elsewhere: `record` wrote the token into the mock as it was.
    @Test func anAnswerIssuingTheTokenItsPathNamesIsRedacted() throws {
        let paths = ##"""
            "/security/csrf_token/": {"get": {"operationId": "csrf", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"result": {"type": "string"}}}}}}}}},
            "/security/guest_token/": {"post": {"operationId": "guest", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"token": {"type": "string"}}}}}}}}},
            "/tag/get_objects/": {"get": {"operationId": "objects", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"result": {"type": "string"}}}}}}}}}
            """##
        let fixture = try ImportFixture(paths: paths)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "csrf").redacting("$.result")"#), "\(group)")
        #expect(group.components(separatedBy: ".redacting(").count == 2, "\(group)")
        #expect(
            fixture.notes.contains(
                "secret: #/paths/~1security~1csrf_token~1/get/responses/200: GET /security/csrf_token/ answers the token its path names ($.result): declared redacting(...) there, so record writes a stand-in for it"
            ), "\(fixture.notes)")
    }
}
