@testable import APICheck
import Foundation
import Testing

/// A Swagger 2.0 body parameter's example, and the pointers of notes about answers: Alertmanager's
/// `POST /silences` body and its shared `InternalServerError` answer.
@Suite struct SwaggerExampleTests {
    static let alerts = #"""
        {"swagger": "2.0", "info": {"title": "Alerts", "version": "1"}, "host": "am.example", "basePath": "/api/v2", "schemes": ["http"],
         "responses": {"InternalServerError": {"description": "failed", "schema": {"type": "string"}}},
         "paths": {
           "/silences": {
             "get": {"operationId": "getSilences", "responses": {"200": {"description": "ok", "schema": {"type": "array", "items": {"$ref": "#/definitions/silence"}}},
                                                                 "500": {"$ref": "#/responses/InternalServerError"}}},
             "post": {"operationId": "postSilences",
                      "parameters": [{"name": "silence", "in": "body", "required": true, "schema": {"$ref": "#/definitions/silence"},
                                      "x-example": {"comment": "from x-example", "createdBy": "ann"}}],
                      "responses": {"200": {"description": "ok", "schema": {"type": "object", "properties": {"silenceID": {"type": "string"}}}},
                                    "400": {"description": "bad", "schema": {"type": "string"}}}}},
           "/alerts": {
             "post": {"operationId": "postAlerts",
                      "parameters": [{"name": "alerts", "in": "body", "required": true, "schema": {"$ref": "#/definitions/alert"}}],
                      "responses": {"200": {"description": "ok"}}}}},
         "definitions": {
           "silence": {"type": "object", "required": ["comment"], "properties": {"comment": {"type": "string"}, "createdBy": {"type": "string"}}},
           "alert": {"type": "object", "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}},
                     "example": {"labels": {"alertname": "from schema example"}}}}}
        """#

    static func imported() throws -> ImportFixture {
        ImportFixture(result: try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(alerts.utf8))))
    }

    /// A body parameter's `x-example` is the body's example, as a parameter's is its example; a
    /// body whose schema's own example supplies it is not said to have none.
    @Test func aBodyParametersExampleIsTheBodysAndTheSchemasExampleIsNoneMadeUp() throws {
        let fixture = try Self.imported()
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"{"comment":"from x-example","createdBy":"ann"}"#), "\(group)")
        #expect(group.contains(#"{"labels":{"alertname":"from schema example"}}"#), "\(group)")
        #expect(!fixture.notes.contains { $0.contains("no example: the body live sends") }, "\(fixture.notes)")
    }

    /// A note about an answer's content points at the Swagger answer's `schema`, through a
    /// shared answer's `$ref` into `#/responses/...`, never into the converted document.
    @Test func aNoteAboutAnAnswerPointsAtItsSchemaThroughASharedAnswer() throws {
        let notes = try Self.imported().notes
        #expect(
            notes.contains { $0.hasPrefix("not mapped: #/responses/InternalServerError/schema: ") }, "\(notes)")
        #expect(
            notes.contains(
                "made up: #/paths/~1silences/get/responses/200/schema: no example: mocks/getSilences.json is made from the schema"),
            "\(notes)")
        #expect(!notes.contains { $0.contains("/content/") || $0.contains("#/components/") }, "\(notes)")
    }
}
