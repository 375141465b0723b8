@testable import APICheck
import Foundation
import Testing

/// Pulp answers its writes 202 with `{"task": href}` and does the work in the task: `live` passes
/// the 202 whatever the task comes to, which one note of the import says, naming the operations.
@Suite struct AsyncAnswerHintTests {
    @Test func operationsAnswering202WithATaskAreNoted() throws {
        let fixture = try ImportFixture(
            schemas: """
                "AsyncOperationResponse": {"type": "object", "required": ["task"], "properties": {"task": {"type": "string", "format": "uri"}}}
                """,
            paths: """
                "/repositories/": {"post": {"operationId": "repositories_create", "responses": {"202": {"description": "accepted",
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AsyncOperationResponse"}}}}}}},
                "/exports/": {"post": {"operationId": "exports_create", "responses": {"202": {"description": "accepted",
                  "headers": {"Operation-Location": {"schema": {"type": "string"}}}}}}},
                "/labels/": {"post": {"operationId": "labels_set", "responses": {"202": {"description": "accepted",
                  "content": {"application/json": {"schema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}}
                """)
        let notes = fixture.notes.filter { $0.contains("202 with a reference") }
        #expect(notes.count == 1, "\(fixture.notes)")
        #expect(
            notes.first?.hasPrefix(
                "not mapped: #/paths/~1repositories~1/post/responses/202: 2 operations answer 202 with a reference to a task that "
                    + "does the work later: repositories_create ($.task), exports_create (Operation-Location header); live judges a 202 "
                    + "by its status and body alone") == true, "\(notes)")
    }

    @Test func noTaskNoNote() throws {
        let fixture = try ImportFixture(
            paths: """
                "/labels/": {"post": {"operationId": "labels_set", "responses": {"202": {"description": "accepted"}}}}
                """)
        #expect(!fixture.notes.contains { $0.contains("202 with a reference") }, "\(fixture.notes)")
    }
}
