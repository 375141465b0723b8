@testable import APICheck
import Foundation
import Testing

/// A document split over files is read as one: schemas brought in by name (shared, recursive
/// ones referring to themselves), other parts put in place, references local to a document
/// brought in followed in that document, and what cannot be read left as it was, noted.
@Suite struct ExternalReferencesTests {
    static let base = URL(fileURLWithPath: "/specs/openapi.json")

    /// The documents by path, read as JSON; a path not here cannot be read.
    func bundle(_ root: String, _ files: [String: String]) async throws -> ExternalReferences.Bundled {
        let parsed = try files.mapValues { try JSONParser.parse(Data($0.utf8)) }
        return await ExternalReferences.bundle(try JSONParser.parse(Data(root.utf8)), base: Self.base) { url in
            guard let document = parsed[url.path] else { throw Missing() }
            return document
        }
    }

    struct Missing: Error, CustomStringConvertible { var description: String { "no such file" } }

    static let root = """
        {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/pets": {"get": {
          "parameters": [{"$ref": "common.json#/components/parameters/Limit"}],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "schemas/pet.json"}}}}},
                        "404": {"$ref": "common.json#/components/responses/NotFound"}}}}},
         "components": {"schemas": {"Error": {"type": "string"}}}}
        """
    static let files = [
        "/specs/schemas/pet.json":
            ##"{"type": "object", "properties": {"parent": {"$ref": "#"}, "tag": {"$ref": "../common.json#/components/schemas/Tag"}}}"##,
        "/specs/common.json": """
        {"components": {"parameters": {"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}},
         "responses": {"NotFound": {"description": "none", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}},
         "schemas": {"Tag": {"type": "string"}, "Error": {"type": "object"}}}}
        """,
    ]

    @Test func schemasAreBroughtInByNameAndTheRestInPlace() async throws {
        let bundled = try await bundle(Self.root, Self.files)
        let document = bundled.document
        #expect(bundled.notes.isEmpty, "\(bundled.notes)")
        #expect(bundled.documentsRead == 2)
        #expect(!ExternalReferences.refersElsewhere(document))
        let get = try #require(document["paths"]?["/pets"]?["get"])
        #expect(get["parameters"]?[0]?["name"] == .string("limit"))
        let items = get["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["items"]
        #expect(items == .object([("$ref", .string("#/components/schemas/Pet"))]))
        let schemas = try #require(document["components"]?["schemas"])
        // The pet refers to itself by its new name; the other document's Error does not take
        // the name of the root's own.
        #expect(schemas["Pet"]?["properties"]?["parent"] == .object([("$ref", .string("#/components/schemas/Pet"))]))
        #expect(schemas["Pet"]?["properties"]?["tag"] == .object([("$ref", .string("#/components/schemas/Tag"))]))
        #expect(schemas["Error"] == .object([("type", .string("string"))]))
        let notFound = get["responses"]?["404"]?["content"]?["application/json"]?["schema"]
        #expect(notFound == .object([("$ref", .string("#/components/schemas/Error2"))]))
        #expect(schemas["Error2"] == .object([("type", .string("object"))]))
    }

    @Test func whatCannotBeReadIsLeftAsItWasAndNoted() async throws {
        let root = """
            {"openapi": "3.0.3", "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
              {"schema": {"$ref": "gone.json#/X"}}}}}}}, "/b": {"get": {"responses": {"200": {"$ref": "common.json#/nothing"}}}}}}
            """
        let bundled = try await bundle(root, ["/specs/common.json": "{}"])
        #expect(
            bundled.notes.map(\.description) == [
                "not mapped: #/paths/~1a/get/responses/200/content/application~1json/schema: the reference 'gone.json#/X' is in "
                    + "/specs/gone.json, which cannot be read (no such file): left as it is",
                "not mapped: #/paths/~1b/get/responses/200: the reference 'common.json#/nothing' points at nothing in /specs/common.json: left as it is",
            ])
        #expect(bundled.document["paths"]?["/b"]?["get"]?["responses"]?["200"] == .object([("$ref", .string("common.json#/nothing"))]))
    }

    @Test func aDocumentInOneFileIsReadAsItIs() async throws {
        let bundled = try await bundle(
            ##"{"openapi": "3.0.3", "paths": {}, "components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}}}}"##, [:])
        #expect(bundled.documentsRead == 0)
        #expect(bundled.document["components"]?["schemas"]?["A"] == .object([("$ref", .string("#/components/schemas/B"))]))
    }
}
