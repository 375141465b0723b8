@testable import APICheck
import Foundation
import Testing

/// Superset's bulk deletes (`DELETE /api/v1/chart/?q=!(1,2)`) take what they delete in a query
/// parameter given as a JSON value (`content`) without an example; sent without it, the server
/// answers 400. The import sends a value made from its schema, declared `.madeUp()` and noted, so
/// that a refusal of it is not checked; any other parameter without a value is sent as before.
@Suite struct BulkSelectionTests {
    static func parameter(example: String = "") -> String {
        ##"{"name": "q", "in": "query", "content": {"application/json": {\##(example)"schema": {"$ref": "#/components/schemas/ids"}}}}"##
    }

    static func fixture() throws -> ImportFixture {
        let ok = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#
        return try ImportFixture(
            schemas: #""ids": {"type": "array", "items": {"type": "integer"}}, "filters": {"type": "object"}"#,
            paths: """
                "/chart/": {"delete": {"operationId": "bulk_delete", "parameters": [\(parameter())], "responses": \(ok)},
                    "get": {"operationId": "list", "parameters": [\(parameter())], "responses": \(ok)}},
                "/theme/": {"delete": {"operationId": "bulk_delete_themes", "parameters": [\(parameter(example: #""example": [7], "#))],
                    "responses": \(ok)}},
                "/chart/{pk}": {"delete": {"operationId": "delete_one", "parameters": [
                    {"name": "pk", "in": "path", "required": true, "schema": {"type": "integer"}}, \(parameter())], "responses": \(ok)}},
                "/tag/": {"delete": {"operationId": "bulk_delete_tags", "parameters": [
                    {"name": "q", "in": "query", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/filters"}}}}],
                    "responses": \(ok)}}
                """)
    }

    @Test func aBulkDeleteSendsAMadeUpSelectionMarkedMadeUp() throws {
        let fixture = try Self.fixture()
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".query("q", .string, sample: .literal("[2147483647]")).madeUp(),"#), "\(group)")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1chart~1/delete/parameters/0: bulk_delete deletes what its query parameter 'q' selects, which the "
                    + "document gives no example of: live sends [2147483647], made from the schema with ids no server holds, and a "
                    + "refusal of it is not checked; give the parameter a sample"), "\(fixture.notes)")
    }

    @Test func theDocumentsSelectionIsNotMadeUpAndOthersAreNotSent() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        #expect(group.contains(#".query("q", .string, sample: .literal("[7]")),"#), "\(group)")
        // A read, a delete of one object and an empty selection (which may select everything) send none.
        #expect(group.components(separatedBy: #".query("q", .string),"#).count == 4, "\(group)")
    }
}
