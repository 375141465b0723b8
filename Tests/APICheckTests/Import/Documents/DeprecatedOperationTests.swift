@testable import APICheck
import Foundation
import Testing

/// An operation the document marks `deprecated` is declared like the others, with a note at its
/// pointer; and the import counts the writes a plain `live` would send.
@Suite struct DeprecatedOperationTests {
    static let ok = #"{"204": {"description": "ok"}}"#

    @Test func aDeprecatedOperationIsDeclaredAndNoted() throws {
        let fixture = try ImportFixture(
            paths: """
                "/tokens": {"get": {"operationId": "listTokens", "responses": \(Self.ok)},
                  "post": {"operationId": "createToken", "deprecated": true, "responses": \(Self.ok)}},
                "/tokens/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "get": {"operationId": "showToken", "deprecated": false, "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteToken", "responses": \(Self.ok)}},
                "/shutdown": {"post": {"operationId": "shutdown", "responses": \(Self.ok)}}
                """)
        #expect(fixture.result.endpointCount == 5)
        #expect(
            fixture.notes.filter { $0.contains("deprecated") } == [
                "not mapped: #/paths/~1tokens/post/deprecated: createToken is deprecated in the document: declared and checked like the "
                    + "others, though the server may have removed it (a 404 or 410 from live then says so; --only leaves it out)"
            ])
        #expect(fixture.result.writeCount == 3)
        #expect(fixture.result.readCount == 2)
    }
}
