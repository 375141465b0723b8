@testable import APICheck
import Foundation
import Testing

/// A document's example body with a value its schema's `enum` does not list (Chroma's own
/// `read_level`) is said: `live` sends it as written, and the server's correct refusal would
/// otherwise read as a contract error.
@Suite struct UnlistedExampleValuesTests {
    @Test func anExampleValueTheSchemaDoesNotListIsSaid() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Level": {"type": "string", "enum": ["index_only", "index_and_wal"]},
                "Search": {"type": "object", "properties": {"read_level": {"$ref": "#/components/schemas/Level"},
                  "kinds": {"type": "array", "items": {"$ref": "#/components/schemas/Level"}}}}
                """,
            paths: """
                "/search": {"post": {"operationId": "search", "requestBody": {"content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Search"},
                  "example": {"read_level": "IndexAndWal", "kinds": ["index_only", "wal"]}}}},
                  "responses": {"204": {"description": "ok"}}}}
                """)
        let said = fixture.notes.filter { $0.contains("is not one its schema lists") }
        #expect(
            said == [
                #"not mapped: #/paths/~1search/post/requestBody/content/application~1json: the example body's value at $.read_level is not one its schema lists ("index_only", "index_and_wal"): live sends it as written, and a server that checks it refuses the body; fix the example or give the body in code"#,
                #"not mapped: #/paths/~1search/post/requestBody/content/application~1json: the example body's value at $.kinds[1] is not one its schema lists ("index_only", "index_and_wal"): live sends it as written, and a server that checks it refuses the body; fix the example or give the body in code"#,
            ], "\(fixture.notes)")
    }
}
