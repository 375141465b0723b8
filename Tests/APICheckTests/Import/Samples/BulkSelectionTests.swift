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
            schemas: #""ids": {"type": "array", "items": {"type": "integer"}}, "filters": {"type": "object"}, "#
                + #""names": {"type": "array", "items": {"type": "string"}}"#,
            paths: """
                "/chart/": {"delete": {"operationId": "bulk_delete", "parameters": [\(parameter())], "responses": \(ok)},
                    "get": {"operationId": "list", "parameters": [\(parameter())], "responses": \(ok)}},
                "/theme/": {"delete": {"operationId": "bulk_delete_themes", "parameters": [\(parameter(example: #""example": [7], "#))],
                    "responses": \(ok)}},
                "/chart/{pk}": {"delete": {"operationId": "delete_one", "parameters": [
                    {"name": "pk", "in": "path", "required": true, "schema": {"type": "integer"}}, \(parameter())], "responses": \(ok)}},
                "/tag/": {"delete": {"operationId": "bulk_delete_tags", "parameters": [
                    {"name": "q", "in": "query", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/filters"}}}}],
                    "responses": \(ok)}},
                "/tags/": {"delete": {"operationId": "bulk_delete_named_tags", "parameters": [
                    {"name": "q", "in": "query", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/names"}}}}],
                    "responses": \(ok)}},
                "/layer/{pk}/annotation/": {"delete": {"operationId": "bulk_delete_annotations", "parameters": [
                    {"name": "pk", "in": "path", "required": true, "schema": {"type": "integer"}}, \(parameter())], "responses": \(ok)}},
                "/items": {"delete": {"operationId": "bulk_delete_items", "parameters": [
                    {"name": "ids", "in": "query", "schema": {"type": "array", "items": {"type": "integer"}}},
                    {"name": "name", "in": "query", "schema": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
                    {"name": "before", "in": "query", "schema": {"type": "string", "format": "date-time"}},
                    {"name": "force", "in": "query", "schema": {"type": "boolean"}},
                    {"name": "state", "in": "query", "schema": {"type": "string", "enum": ["done", "failed"]}},
                    {"name": "owner", "in": "query", "required": true, "schema": {"type": "string"}}], "responses": \(ok)}}
                """)
    }

    @Test func aBulkDeleteSendsAMadeUpSelectionMarkedMadeUp() throws {
        let fixture = try Self.fixture()
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".query("q", .string, sample: .literal("[2147483647]")).madeUp(),"#), "\(group)")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1chart~1/delete/parameters/0: bulk_delete deletes what its query parameter 'q' selects, which the "
                    + "document gives no example of: live sends [2147483647], made from the schema with ids and names no server holds, and a "
                    + "refusal of it is not checked; give the parameter a sample"), "\(fixture.notes)")
    }

    @Test func theDocumentsSelectionIsNotMadeUpAndOthersAreNotSent() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        #expect(group.contains(#".query("q", .string, sample: .literal("[7]")),"#), "\(group)")
        // A read, a delete of one object and an empty selection (which may select everything) send none.
        #expect(group.components(separatedBy: #".query("q", .string),"#).count == 4, "\(group)")
    }

    /// Superset's tag bulk delete names tags (`q=["string"]` deleted the tag a user named
    /// "string"): each made-up name is one unique to the run, no user's.
    @Test func aMadeUpNameIsUniqueToTheRun() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        #expect(group.contains(#".query("q", .string, sample: .template("[\"apicheck-{}\"]", .unique(prefix: ""))).madeUp()"#), "\(group)")
        #expect(!group.contains(#""[\"string\"]""#), "\(group)")
    }

    /// A bulk delete under its parent (`/layer/{pk}/annotation/`) selects what it deletes alike.
    @Test func aBulkDeleteUnderAParentSendsAMadeUpSelection() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        let delete = try #require(group.range(of: #"id: "bulk_delete_annotations""#).map { String(group[$0.lowerBound...].prefix(400)) })
        #expect(delete.contains(#".query("q", .string, sample: .literal("[2147483647]")).madeUp()"#), "\(delete)")
    }

    /// Left out, an optional selection given by a schema may select everything: a number or a
    /// plain string is sent naming nothing; a date, a flag or an enum's value would name what a
    /// server holds, and is not sent; a required one reads its variable.
    @Test func anOptionalSelectionGivenByASchemaNamesNothing() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        let delete = try #require(group.range(of: #"id: "bulk_delete_items""#).map { String(group[$0.lowerBound...].prefix(900)) })
        #expect(delete.contains(#".queryList("ids", .int, .repeated, sample: .literal([2147483647])).madeUp()"#), "\(delete)")
        #expect(delete.contains(#".query("name", .string, sample: .unique(prefix: "apicheck-")).madeUp()"#), "\(delete)")
        #expect(delete.contains(#".query("before", .string),"#), "\(delete)")
        #expect(delete.contains(#".query("force", .bool),"#), "\(delete)")
        #expect(delete.contains(#".query("state", .string).allowing(["done", "failed"])"#), "\(delete)")
        let owner = #".query("owner", .string, required: true, sample: .environment("SHOP_OWNER", fallback: nil)),"#
        #expect(delete.contains(owner), "\(delete)")
    }
}
