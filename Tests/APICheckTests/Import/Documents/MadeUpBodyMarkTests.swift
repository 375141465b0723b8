@testable import APICheck
import Foundation
import Testing

/// The import marks the request bodies it made up from the schema (`.madeUp()`), so that `live`
/// tells a server's refusal of `"string"` from a refusal of a body the document or a person gave.
@Suite struct MadeUpBodyMarkTests {
    static let schema = #"{"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}"#

    @Test func aBodyMadeFromTheSchemaIsMarkedAndOneFromTheDocumentsExampleIsNot() throws {
        let fixture = try ImportFixture(
            paths: """
                "/tags": {"post": {"operationId": "createTag",
                  "requestBody": {"required": true, "content": {"application/json": {"schema": \(Self.schema)}}},
                  "responses": {"201": {"description": "made"}}}},
                "/labels": {"post": {"operationId": "createLabel",
                  "requestBody": {"required": true, "content": {"application/json": {"schema": \(Self.schema), "example": {"name": "urgent"}}}},
                  "responses": {"201": {"description": "made"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        let unique = #"replacing: [.input("name", .string, sample: .unique(prefix: "apicheck-"))]).madeUp())"#
        #expect(group.contains(##"Data(#"{"name":"string"}"#.utf8)), "## + unique), "\(group)")
        #expect(group.contains(##"Data(#"{"name":"urgent"}"#.utf8))))"##), "\(group)")
        #expect(!group.contains(##""urgent"}"#.utf8))).madeUp()"##), "\(group)")
    }
}
