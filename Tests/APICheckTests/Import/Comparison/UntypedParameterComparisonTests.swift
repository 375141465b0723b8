@testable import APICheck
import Foundation
import Testing

/// A parameter without a type (Airflow's `task_id` of `GET /api/v2/dags/{dag_id}/tasks/{task_id}`,
/// `"schema": {"title": "Task Id"}`) is declared `String`, and `apicheck openapi` writes it
/// `type: string`: the document and its export are one parameter, no "any became string".
@Suite struct UntypedParameterComparisonTests {
    static let typed = #"{"name": "fields", "in": "query", "schema": {"type": "string"}}"#

    static func document(_ parameter: String) throws -> String {
        try OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (Self.typed, parameter))
    }

    @Test func anUntypedParameterAndItsStringAreNoChange() throws {
        let documented = try Self.document(#"{"name": "fields", "in": "query", "schema": {"title": "Fields"}}"#)
        let exported = try Self.document(#"{"name": "fields", "in": "query", "schema": {"type": "string", "title": "Fields"}}"#)
        #expect(try OpenAPIComparisonTests.changes(documented, exported).map(\.description) == [])
        #expect(try OpenAPIComparisonTests.changes(exported, documented).map(\.description) == [])
    }

    /// A type the import declares otherwise than `String` still changes.
    @Test func anUntypedParameterThatBecomesAnIntegerStillChanges() throws {
        let documented = try Self.document(#"{"name": "fields", "in": "query", "schema": {}}"#)
        let integer = try Self.document(#"{"name": "fields", "in": "query", "schema": {"type": "integer"}}"#)
        let found = try OpenAPIComparisonTests.changes(documented, integer)
        #expect(found.map(\.kind) == [.typeChanged], "\(found.map(\.description))")
        #expect(found.first?.description.contains("string became integer") == true, "\(found.map(\.description))")
    }
}
