import APICheck
import Foundation
import TestSupport
import Testing

/// ZenML's secrets answer their `values` as a map whose every value is a `format: password`
/// string (Pydantic's `SecretStr`): the keys are the user's (`user`, `aws_key`), no secret
/// field's name, and `record` wrote the stored values into the mocks as they were.
@Suite struct PasswordMapSecretsTests {
    static let schemas = ##"""
        "SecretResponseBody": {"type": "object", "properties": {"private": {"type": "boolean"},
          "values": {"type": "object", "additionalProperties": {"anyOf": [
            {"type": "string", "format": "password", "writeOnly": true}, {"type": "null"}]}}}},
        "SecretResponse": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"},
          "body": {"anyOf": [{"$ref": "#/components/schemas/SecretResponseBody"}, {"type": "null"}]}}},
        "PageSecretResponse": {"type": "object", "properties": {"total": {"type": "integer"},
          "items": {"type": "array", "items": {"$ref": "#/components/schemas/SecretResponse"}}}},
        "Labels": {"type": "object", "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}}}
        """##

    static let paths = ##"""
        "/api/v1/secrets": {"get": {"operationId": "list_secrets", "responses": {"200": {"description": "ok",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PageSecretResponse"}}}}}}},
        "/api/v1/secrets/{secret_id}": {"get": {"operationId": "get_secret",
          "parameters": [{"name": "secret_id", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SecretResponse"}}}}}}},
        "/api/v1/labels": {"get": {"operationId": "labels", "responses": {"200": {"description": "ok",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Labels"}}}}}}}
        """##

    @Test func theImportRedactsEveryValueOfAMapOfPasswords() throws {
        let fixture = try ImportFixture(schemas: Self.schemas, paths: Self.paths)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "list_secrets").redacting("$.items[*].body.values.*")"#), "\(group)")
        #expect(group.contains(#"mock: "get_secret").redacting("$.body.values.*")"#), "\(group)")
        #expect(group.components(separatedBy: ".redacting(").count == 3, "\(group)")
        let note = try #require(fixture.result.notes.first { $0.location == "#/components/schemas/SecretResponseBody/properties/values" })
        #expect(note.kind == .secret && note.message.contains("format: password"), "\(note)")
    }

    @Test func recordWritesStandInsForTheStoredValues() throws {
        let secret = Endpoint<JSONValue>(id: "get_secret", .get, "api/v1/secrets/1", mock: "get_secret", enveloped: false)
            .redacting("$.body.values.*")
        let api = API(name: "t", envelope: nil, endpoints: [secret])
        let stored =
            #"{"id": "1", "name": "db-creds", "body": {"private": false, "values": {"user": "warehouse-loader", "aws_key": "AKIAEXAMPLEKEY42"}}}"#
        let folder = try TemporaryFolder("apicheck-password-map")
        defer { folder.remove() }
        let candidate = MockCandidate(endpoint: secret.erased, status: 200, document: try JSONParser.parse(Data(stored.utf8)))
        let results = MockWriter(api: api, directory: folder.url).write([candidate], placeholders: SecretPlaceholders(api: api))
        try #require(results.count == 1 && results[0].action == .created, "\(results.map(\.findings))")
        let written = try String(contentsOfFile: results[0].path, encoding: .utf8)
        #expect(!written.contains("warehouse-loader") && !written.contains("AKIAEXAMPLEKEY42"), "\(written)")
        #expect(written.contains("db-creds") && written.contains("aws_key"), "\(written)")
    }
}
