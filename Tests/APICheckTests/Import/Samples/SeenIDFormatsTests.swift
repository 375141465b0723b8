@testable import APICheck
import Foundation
import Testing

/// A uuid path parameter that reads its id from another answer finds a uuid in that answer's
/// made-up mock, so `live` against `serve` of the package reaches the object's route.
@Suite struct SeenIDFormatsTests {
    /// Alertmanager: `GettableSilence.id` and `silenceID` in `POST /silences`' answer are plain
    /// strings, `{silenceID}` is a uuid; the mocks said `"string"` and `serve` answered
    /// `silence/string` 404, no such route. A document's own example is left as written.
    @Test func aMadeUpMockGivesAUUIDParameterAUUID() throws {
        let silence = ##"{"$ref": "#/components/schemas/Silence"}"##
        let uuid = #"{"name": "silenceID", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}"#
        let created =
            #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"silenceID": {"type": "string"}}}, "example": {"silenceID": "given"}}}}}"#
        let fixture = try ImportFixture(
            schemas: #""Silence": {"type": "object", "properties": {"id": {"type": "string"}, "comment": {"type": "string"}}}"#,
            paths: """
                "/silences": {
                  "get": {"operationId": "getSilences", "tags": ["s"], "responses": \(CreatedSourcesTests.answer(#"{"type": "array", "items": \#(silence)}"#))},
                  "post": {"operationId": "postSilences", "tags": ["s"], "requestBody": \(CreatedSourcesTests.body), "responses": \(created)}},
                "/silence/{silenceID}": {"parameters": [\(uuid)],
                  "get": {"operationId": "getSilence", "tags": ["s"], "responses": \(CreatedSourcesTests.answer(silence))},
                  "delete": {"operationId": "deleteSilence", "tags": ["s"], "responses": {"200": {"description": "expired"}}}}
                """)
        let list = try JSONParser.parse(fixture.file("mocks/getSilences.json") ?? "")
        #expect(list.value(at: JSONPath(parsing: "$[0].id")!) == .string(ExampleMaker.madeUpUUID), "\(list.compactText)")
        #expect(list.value(at: JSONPath(parsing: "$[0].comment")!) == .string("string"))
        // The `.made-up` list carries the digest of the text written, so the mock stays made up.
        let digest = MadeUpMocks.digest(Data((fixture.file("mocks/getSilences.json") ?? "").utf8))
        #expect(fixture.file("mocks/.made-up")?.contains("getSilences.json\t\(digest)") == true)
        // The creation's answer is the document's example: kept.
        #expect(fixture.file("mocks/postSilences.json")?.contains(#""given""#) == true)
        // The single object's own mock is no source of the parameter and is made as before.
        #expect(fixture.file("mocks/getSilence.json")?.contains(#""id": "string""#) == true)
    }
}
