@testable import APICheck
import Foundation
import Testing

/// A document as FastAPI writes the LiteLLM proxy's and the export of the package imported from
/// it as `apicheck openapi` writes it: a websocket route whose only answer is its handshake's 101,
/// and an answer's union of a free-form object and Pydantic's `BaseModel` without fields, both
/// `[String: JSONValue]` in Swift, which the export writes as one map. They declare the same
/// client, so the comparison finds nothing; an edit of the document in those places is found.
@Suite struct LiteLLMRoundTripComparisonTests {
    static let document = #"""
        {"openapi": "3.1.0", "info": {"title": "LiteLLM API", "version": "1.108.7"},
         "paths": {
          "/v1/realtime": {"get": {"operationId": "websocket_realtime", "summary": "WebSocket: realtime_websocket_endpoint",
             "responses": {"101": {"description": "WebSocket Protocol Switched"}}}},
          "/user/info": {"get": {"operationId": "user_info",
             "responses": {"200": {"description": "Successful Response", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UserInfoResponse"}}}}}}}},
         "components": {"schemas": {
          "BaseModel": {"properties": {}, "type": "object", "title": "BaseModel"},
          "UserInfoResponse": {"type": "object", "required": ["keys"], "properties": {
             "user_id": {"anyOf": [{"type": "string"}, {"type": "null"}]},
             "user_info": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"$ref": "#/components/schemas/BaseModel"}, {"type": "null"}], "title": "User Info"},
             "keys": {"type": "array", "items": {}}}}}}}
        """#

    static let export = #"""
        {"openapi": "3.1.0", "info": {"title": "litellm", "version": "1"},
         "paths": {
          "/v1/realtime": {"get": {"operationId": "websocket_realtime", "summary": "WebSocket: realtime_websocket_endpoint",
             "responses": {"101": {"description": "Success: no content"}}}},
          "/user/info": {"get": {"operationId": "user_info",
             "responses": {"200": {"description": "Success: the payload itself, not enveloped", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UserInfoResponse"}}}}}}}},
         "components": {"schemas": {
          "UserInfoResponse": {"type": "object", "properties": {
             "user_id": {"type": ["string", "null"]}, "user_info": {"type": ["object", "null"], "additionalProperties": {}},
             "keys": {"type": "array", "items": {}}}, "required": ["keys"]}}}}
        """#

    @Test func thePackagesOwnExportIsNoChange() throws {
        #expect(try OpenAPIComparisonTests.changes(Self.document, Self.export).map(\.description) == [])
        #expect(try OpenAPIComparisonTests.changes(Self.export, Self.document).map(\.description) == [])
    }

    @Test func theDocumentComparedWithItselfIsNoChange() throws {
        #expect(try OpenAPIComparisonTests.changes(Self.document, Self.document).map(\.description) == [])
    }

    static let edits: [OpenAPIComparisonTests.Case] = [
        .init(
            label: "the websocket route gone",
            change: (
                #""/v1/realtime": {"get": {"operationId": "websocket_realtime", "summary": "WebSocket: realtime_websocket_endpoint","#,
                #""/v1/realtime": {"post": {"operationId": "websocket_realtime", "summary": "WebSocket: realtime_websocket_endpoint","#
            ),
            kind: .operationRemoved, breaking: true, location: "GET /v1/realtime", count: 2),
        .init(
            label: "the handshake's 101 become a 200",
            change: (#""101": {"description": "WebSocket Protocol Switched"}"#, #""200": {"description": "WebSocket Protocol Switched"}"#),
            kind: .successStatusChanged, breaking: true, location: "GET /v1/realtime"),
        .init(
            label: "the empty model given a member",
            change: (
                #""BaseModel": {"properties": {}, "type": "object""#,
                #""BaseModel": {"properties": {"id": {"type": "string"}}, "required": ["id"], "type": "object""#
            ),
            kind: .typeChanged, breaking: true, location: "schema UserInfoResponse in answers $.user_info"),
        .init(
            label: "the free-form branch's values made strings",
            change: (
                #"{"additionalProperties": true, "type": "object"}"#, #"{"additionalProperties": {"type": "string"}, "type": "object"}"#
            ),
            kind: .typeChanged, breaking: true, location: "schema UserInfoResponse in answers $.user_info"),
    ]

    @Test(arguments: edits) func anEditOfTheDocumentIsFound(_ edit: OpenAPIComparisonTests.Case) throws {
        let after = try OpenAPIComparisonTests.edited(Self.document, edit.change)
        let found = try OpenAPIComparisonTests.changes(Self.document, after)
        #expect(found.count == edit.count, "\(found.map(\.description))")
        let change = try #require(found.first { $0.kind == edit.kind && $0.location == edit.location }, "\(found.map(\.description))")
        #expect(change.breaking == edit.breaking, "\(change)")
    }
}
