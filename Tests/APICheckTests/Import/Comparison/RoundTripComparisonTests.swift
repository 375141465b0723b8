@testable import APICheck
import Foundation
import Testing

/// A document as drf-spectacular writes it (Mayan EDMS: one component per serializer, serving
/// both directions through `readOnly` and `writeOnly`), and the export of the package imported
/// from it as `apicheck openapi` writes it: the request variant `UserRequest`, every optional
/// member nullable, a union of two strings as one string, an optional enum with `null` among its
/// values, a request body with nothing to send as `{}`, a read without content as any JSON. They
/// declare the same client, so the comparison finds nothing; an edit of the document is found.
@Suite struct RoundTripComparisonTests {
    static let document = #"""
        {"openapi": "3.0.3", "info": {"title": "Docs", "version": "1"},
         "paths": {
          "/users/": {"post": {"operationId": "users_create",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}},
             "responses": {"201": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}}}}},
          "/acls/": {"post": {"operationId": "acls_create",
             "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ACL"}}}},
             "responses": {"201": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ACL"}}}}}}},
          "/assets/{id}/image/": {"get": {"operationId": "assets_image",
             "parameters": [{"in": "path", "name": "id", "required": true, "schema": {"type": "string"}}],
             "responses": {"200": {"description": "No response body"}}}}},
         "components": {"schemas": {
          "User": {"type": "object", "required": ["id", "username", "password", "last_login", "checksum"], "properties": {
             "id": {"type": "integer", "readOnly": true},
             "username": {"type": "string"},
             "password": {"type": "string", "writeOnly": true},
             "email": {"oneOf": [{"type": "string", "format": "email"}, {"type": "string", "maxLength": 0}]},
             "first_name": {"type": "string"},
             "last_login": {"type": "string", "readOnly": true, "nullable": true},
             "checksum": {"type": "string", "nullable": true},
             "unit": {"nullable": true, "allOf": [{"$ref": "#/components/schemas/UnitEnum"}]}}},
          "UnitEnum": {"type": "string", "enum": ["days", "hours"]},
          "ACL": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "readOnly": true}}}}}}
        """#

    static let export = #"""
        {"openapi": "3.1.0", "info": {"title": "docs", "version": "1"},
         "paths": {
          "/users/": {"post": {"operationId": "users_create",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UserRequest"}}}},
             "responses": {"201": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}}}}},
          "/acls/": {"post": {"operationId": "acls_create",
             "requestBody": {"required": false, "content": {"application/json": {"schema": {}}}},
             "responses": {"201": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ACL"}}}}}}},
          "/assets/{id}/image/": {"get": {"operationId": "assets_image",
             "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {}}}}}}}},
         "components": {"schemas": {
          "User": {"type": "object", "required": ["id", "username"], "properties": {
             "id": {"type": "integer"}, "username": {"type": "string"}, "password": {"type": ["string", "null"]},
             "email": {"type": ["string", "null"]}, "first_name": {"type": ["string", "null"]},
             "last_login": {"type": ["string", "null"]}, "checksum": {"type": ["string", "null"]},
             "unit": {"type": ["string", "null"], "enum": ["days", "hours", null]}}},
          "UserRequest": {"type": "object", "required": ["username", "password"], "properties": {
             "username": {"type": "string"}, "password": {"type": "string"}, "email": {"type": ["string", "null"]},
             "first_name": {"type": ["string", "null"]}, "checksum": {"type": ["string", "null"]},
             "unit": {"type": ["string", "null"], "enum": ["days", "hours", null]}}},
          "ACL": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}}
        """#

    @Test func thePackagesOwnExportIsNoChange() throws {
        #expect(try OpenAPIComparisonTests.changes(Self.document, Self.export).map(\.description) == [])
    }

    @Test func theDocumentComparedWithItselfIsNoChange() throws {
        #expect(try OpenAPIComparisonTests.changes(Self.document, Self.document).map(\.description) == [])
    }

    static let edits: [OpenAPIComparisonTests.Case] = [
        .init(
            label: "a member's type edited, in both directions",
            change: (#""username": {"type": "string"}"#, #""username": {"type": "integer"}"#),
            kind: .typeChanged, breaking: true, location: "schema User in answers $.username", count: 2),
        .init(
            label: "an operation removed",
            change: (#""/acls/": {"post""#, #""/acls/": {"put""#),
            kind: .operationRemoved, breaking: true, location: "POST /acls/", count: 2),
        .init(
            label: "a member made required: the client may leave it out of a request",
            change: (#""required": ["id", "username", "password""#, #""required": ["id", "username", "first_name", "password""#),
            kind: .madeRequired, breaking: true, location: "schema User in requests $.first_name", count: 2),
        .init(
            label: "a required member made nullable: the answers' type does not take null",
            change: (#""username": {"type": "string"}"#, #""username": {"type": "string", "nullable": true}"#),
            kind: .madeNullable, breaking: true, location: "schema User in answers $.username", count: 2),
        .init(
            label: "a write-only member made read-only: the request no longer sends it",
            change: (#""password": {"type": "string", "writeOnly": true}"#, #""password": {"type": "string", "readOnly": true}"#),
            kind: .fieldRemoved, breaking: false, location: "schema User in requests $.password", count: 2),
        .init(
            label: "a union of two strings given an integer branch",
            change: (#"{"type": "string", "maxLength": 0}]"#, #"{"type": "string", "maxLength": 0}, {"type": "integer"}]"#),
            kind: .typeChanged, breaking: true, location: "schema User in answers $.email", count: 2),
    ]

    @Test(arguments: edits) func anEditOfTheDocumentIsFound(_ edit: OpenAPIComparisonTests.Case) throws {
        let after = try OpenAPIComparisonTests.edited(Self.document, edit.change)
        let found = try OpenAPIComparisonTests.changes(Self.document, after)
        #expect(found.count == edit.count, "\(found.map(\.description))")
        let change = try #require(found.first { $0.kind == edit.kind && $0.location == edit.location }, "\(found.map(\.description))")
        #expect(change.breaking == edit.breaking, "\(change)")
    }
}
