@testable import APICheck
import Foundation
import Testing

/// A document as FastAPI and Pydantic write it (ZenML's, Phoenix's) and the export of the package
/// imported from it as `apicheck openapi` writes it: the login's optional form body sent always
/// (required), a GET's body the import does not declare left out, a union of every kind of value
/// as `{}`, an enum component branch inline, a `uuid` string branch and a plain one as one
/// string, an enum of numbers as the integer the import declares. They declare the same client,
/// so the comparison finds nothing; an edit of the document is still found.
@Suite struct FastAPIRoundTripComparisonTests {
    static let document = #"""
        {"openapi": "3.1.0", "info": {"title": "ZenML", "version": "1"},
         "paths": {
          "/api/v1/login": {"post": {"operationId": "token_api_v1_login_post",
             "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Body_token_api_v1_login_post"}}}},
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {}}}}}}},
          "/api/v1/runs": {
           "get": {"operationId": "list_runs", "security": [{"OAuth2": []}],
             "requestBody": {"content": {"application/json": {"schema": {"anyOf": [{"type": "object"}, {"type": "null"}], "title": "Labels"}}}},
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}}}},
           "post": {"operationId": "create_run", "security": [{"OAuth2": []}],
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}},
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}}}}}},
         "components": {
          "securitySchemes": {"OAuth2": {"type": "oauth2", "flows": {"password": {"scopes": {}, "tokenUrl": "/api/v1/login"}}}},
          "schemas": {
          "Body_token_api_v1_login_post": {"type": "object", "required": ["username"], "properties": {
             "grant_type": {"anyOf": [{"type": "string"}, {"type": "null"}]}, "username": {"type": "string"},
             "password": {"anyOf": [{"type": "string"}, {"type": "null"}]}}},
          "Run": {"type": "object", "required": ["name", "result"], "properties": {
             "name": {"type": "string"},
             "metadata": {"type": "object", "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "number"},
                {"type": "boolean"}, {"type": "object", "additionalProperties": true}, {"type": "array", "items": {}},
                {"type": "array", "items": {}, "uniqueItems": true}]}},
             "result": {"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "number"}, {"type": "string"},
                {"type": "object", "additionalProperties": true}, {"type": "array", "items": {}}, {"type": "null"}], "title": "Result"},
             "labels": {"type": "object", "additionalProperties": {"anyOf": [{"type": "boolean"}, {"type": "number"}, {"type": "string"},
                {"type": "object"}, {"type": "array"}, {"type": "null"}]}},
             "version": {"anyOf": [{"$ref": "#/components/schemas/ModelStages"}, {"type": "integer"}, {"type": "string"}, {"type": "null"}]},
             "level": {"anyOf": [{"$ref": "#/components/schemas/LoggingLevels"}, {"type": "null"}]},
             "id": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"},
                {"type": "array", "items": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"}]}}, {"type": "null"}]}}},
          "ModelStages": {"type": "string", "enum": ["none", "staging", "production"]},
          "LoggingLevels": {"type": "integer", "enum": [0, 40, 30, 20, 10, 50]}}}}
        """#

    static let export = #"""
        {"openapi": "3.1.0", "info": {"title": "zenml", "version": "1"},
         "paths": {
          "/api/v1/login": {"post": {"operationId": "token_api_v1_login_post",
             "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/BodyTokenApiV1LoginPost"},
                "example": {"grant_type": "password", "password": "***", "username": "<username>"}}}},
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {}}}}}}},
          "/api/v1/runs": {
           "get": {"operationId": "list_runs", "security": [{"OAuth2": []}],
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}}}},
           "post": {"operationId": "create_run", "security": [{"OAuth2": []}],
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}},
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}}}}}},
         "components": {
          "securitySchemes": {"OAuth2": {"type": "oauth2", "flows": {"password": {"scopes": {}, "tokenUrl": "/api/v1/login"}}}},
          "schemas": {
          "BodyTokenApiV1LoginPost": {"type": "object", "required": ["username"], "properties": {
             "grant_type": {"type": ["string", "null"]}, "username": {"type": "string"}, "password": {"type": ["string", "null"]}}},
          "Run": {"type": "object", "required": ["name", "result"], "properties": {
             "name": {"type": "string"},
             "metadata": {"type": ["object", "null"], "additionalProperties": {}},
             "result": {},
             "labels": {"type": ["object", "null"], "additionalProperties": {}},
             "version": {"anyOf": [{"type": "string", "enum": ["none", "staging", "production"]}, {"type": "integer"}, {"type": "string"}, {"type": "null"}]},
             "level": {"type": ["integer", "null"]},
             "id": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}]}}}}}}
        """#

    @Test func thePackagesOwnExportIsNoChange() throws {
        #expect(try OpenAPIComparisonTests.changes(Self.document, Self.export).map(\.description) == [])
    }

    @Test func theDocumentComparedWithItselfIsNoChange() throws {
        #expect(try OpenAPIComparisonTests.changes(Self.document, Self.document).map(\.description) == [])
    }

    static let edits: [OpenAPIComparisonTests.Case] = [
        .init(
            label: "a required member removed",
            change: (#""required": ["name", "result"]"#, #""required": ["result"]"#),
            kind: .madeOptional, breaking: true, location: "schema Run in answers $.name", count: 2),
        .init(
            label: "a union of every kind that no longer takes an object",
            change: (
                #"{"type": "object", "additionalProperties": true}, {"type": "array", "items": {}}, {"type": "null"}]"#,
                #"{"type": "array", "items": {}}, {"type": "null"}]"#
            ),
            kind: .typeChanged, breaking: true, location: "schema Run in requests $.result", count: 2),
        .init(
            label: "a plain string branch made an integer",
            change: (
                #"{"type": "string", "format": "uuid"}, {"type": "string"},"#,
                #"{"type": "string", "format": "uuid"}, {"type": "boolean"},"#
            ),
            kind: .branchAdded, breaking: true, location: "schema Run in answers $.id", count: 2),
        .init(
            label: "an enum component branch's value removed",
            change: (#""enum": ["none", "staging", "production"]"#, #""enum": ["none", "staging"]"#),
            kind: .enumValueRemoved, breaking: true, location: "schema ModelStages in requests $", count: 2),
        .init(
            label: "an enum of numbers' value removed",
            change: (#"[0, 40, 30, 20, 10, 50]"#, #"[0, 40, 30, 20, 10]"#),
            kind: .enumValueRemoved, breaking: true, location: "schema LoggingLevels in requests $", count: 2),
        .init(
            label: "an optional body of an operation other than the login made required",
            setup: (#""required": true, "content": {"application/json""#, #""required": false, "content": {"application/json""#),
            change: (#""required": false, "content": {"application/json""#, #""required": true, "content": {"application/json""#),
            kind: .madeRequired, breaking: true, location: "POST /api/v1/runs request body"),
    ]

    @Test(arguments: edits) func anEditOfTheDocumentIsFound(_ edit: OpenAPIComparisonTests.Case) throws {
        let before = try edit.setup.map { try OpenAPIComparisonTests.edited(Self.document, $0) } ?? Self.document
        let after = try OpenAPIComparisonTests.edited(before, edit.change)
        let found = try OpenAPIComparisonTests.changes(before, after)
        #expect(found.count == edit.count, "\(found.map(\.description))")
        let change = try #require(found.first { $0.kind == edit.kind && $0.location == edit.location }, "\(found.map(\.description))")
        #expect(change.breaking == edit.breaking, "\(change)")
    }
}
