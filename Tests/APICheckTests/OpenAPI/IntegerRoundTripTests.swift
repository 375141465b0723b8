@testable import APICheck
import Foundation
import TestSupport
import Testing

/// A document's `integer` is the package's `Int` (and `.int` parameter), its `int64` an `Int64`:
/// the export writes each back as it was read, and error answers without an example, of which the
/// package declares nothing, are no change. So `import-openapi --check` of the document against
/// its own package's re-export lists nothing (Mayan EDMS listed 472 integers, Superset 1,148 error
/// statuses), while a real edit is still found.
@Suite struct IntegerRoundTripTests {
    struct Item: Codable, Sendable {
        var id: Int64
        var count: Int
    }

    static let document = #"""
        {"openapi": "3.0.3", "info": {"title": "items", "version": "1"},
         "servers": [{"url": "https://items.example/"}],
         "paths": {"/items/{id}": {"get": {"operationId": "getItem",
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                          {"name": "since", "in": "query", "schema": {"type": "integer", "format": "int64"}}],
           "responses": {
             "200": {"description": "the item", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}},
             "500": {"description": "broken"}}}}},
         "components": {"schemas": {"Item": {"type": "object", "required": ["id", "count"],
           "properties": {"id": {"type": "integer", "format": "int64"}, "count": {"type": "integer"}}}}}}
        """#

    static let getItem = Endpoint<Item>(
        id: "getItem", .get, "items/{id}",
        parameters: [.path("id", .int, sample: .literal(1)), .query("since", .int64, sample: .literal(2))], mock: "getItem")
    static let api = API(
        name: "items", environments: ["prod": URL(string: "https://items.example/")!], envelope: .none, endpoints: [getItem])

    func exported() throws -> JSONValue {
        let folder = try TemporaryFolder("integer-round-trip")
        defer { folder.remove() }
        try Data(#"{"id": 1, "count": 2}"#.utf8).write(to: folder.appendingPathComponent("getItem.json"))
        return try OpenAPIDocument(api: Self.api, mocks: MockDirectory(folder.url, api: Self.api)).build().document
    }

    @Test func anIntIsAnIntegerWithoutAFormatAndAnInt64StaysInt64() throws {
        let exported = try exported()
        let properties = exported["components"]?["schemas"]?["Item"]?["properties"]
        #expect(properties?["count"] == JSONSchema.type("integer"), "\(properties?.compactText ?? "none")")
        #expect(properties?["id"] == JSONSchema.type("integer", format: "int64"), "\(properties?.compactText ?? "none")")
        let parameters = OpenAPISource.array(exported["paths"]?["/items/{id}"]?["get"]?["parameters"])
        #expect(parameters.first { $0["name"] == .string("id") }?["schema"] == JSONSchema.type("integer"))
        #expect(parameters.first { $0["name"] == .string("since") }?["schema"] == JSONSchema.type("integer", format: "int64"))
    }

    @Test func theDocumentAgainstItsPackagesExportListsNothingAndARealEditIsFound() throws {
        let document = try OpenAPIImport.parse(Data(Self.document.utf8))
        let exported = try exported()
        #expect(OpenAPIComparison(old: document, new: exported).changes().map(\.description) == [])
        var edited = exported
        edited = try OpenAPIImport.parse(
            Data(edited.compactText.replacingOccurrences(of: #""required":["id","count"]"#, with: #""required":["id"]"#).utf8))
        let changes = OpenAPIComparison(old: document, new: edited).changes()
        #expect(changes.map(\.kind) == [.madeOptional], "\(changes.map(\.description))")
    }
}
