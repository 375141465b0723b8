@testable import APICheck
import Foundation
import Testing

/// springdoc, Spring Boot's OpenAPI generator, names `*/*` for every answer whose controller does
/// not say what it produces. An object, an array or a reference under a range is JSON, declared
/// as its type with a mock of it, success and error alike; a bare string or a binary one under a
/// range is bytes (a controller's text, a download); and `import-openapi --check` reads a range
/// over a schema as the import does, so the package's export (`application/json`) is no change.
@Suite struct MediaRangeImportTests {
    static func answer(_ schema: String, range: String = "*/*") -> String {
        #"{"200": {"description": "OK", "content": {"\#(range)": {"schema": \#(schema)}}}, "#
            + ##""404": {"description": "Not Found", "content": {"*/*": {"schema": {"$ref": "#/components/schemas/ApiError"}}}}, "##
            + #""403": {"description": "Forbidden", "content": {"*/*": {}}}}"#
    }

    static let schemas = """
        "Pet": {"type": "object", "required": ["id", "name"],
                "properties": {"id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}}},
        "ApiError": {"type": "object", "properties": {"status": {"type": "integer"}, "error": {"type": "string"}}}
        """

    static let paths = """
        "/pets/{id}": {"get": {"operationId": "getPet", "tags": ["pets"],
          "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
          "responses": \(answer(##"{"$ref": "#/components/schemas/Pet"}"##))}},
        "/pets": {"get": {"operationId": "listPets", "tags": ["pets"],
          "responses": \(answer(##"{"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}"##, range: "application/*"))}},
        "/pets/count": {"get": {"operationId": "countPets", "tags": ["pets"], "responses": \(answer(#"{"type": "integer"}"#))}},
        "/pets/{id}/name": {"get": {"operationId": "petName", "tags": ["pets"],
          "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
          "responses": \(answer(#"{"type": "string"}"#))}},
        "/pets/{id}/photo": {"get": {"operationId": "petPhoto", "tags": ["pets"],
          "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
          "responses": \(answer(#"{"type": "string", "format": "binary"}"#))}}
        """

    @Test func anObjectUnderARangeIsJSONAndTextOrBytesUnderOneIsBinaryBody() throws {
        let fixture = try ImportFixture(schemas: Self.schemas, paths: Self.paths)
        let pets = fixture.group("PetsEndpoints")
        #expect(pets.contains("public let getPet = Endpoint<Pet>("), "\(pets)")
        #expect(pets.contains("public let listPets = Endpoint<[Pet]>("), "\(pets)")
        #expect(pets.contains("public let countPets = Endpoint<Int>("), "\(pets)")
        #expect(pets.contains("public let petName = Endpoint<BinaryBody>("), "\(pets)")
        #expect(pets.contains("public let petPhoto = Endpoint<BinaryBody>("), "\(pets)")
        // A range names no type to ask for.
        #expect(!pets.contains(#".header("Accept""#), "\(pets)")
        let mock = try JSONParser.parse(fixture.file("mocks/getPet.json") ?? "")
        #expect(mock["name"]?.stringValue != nil, "\(mock)")
        // The error answer's object is JSON too: its type declared, no "not JSON" note.
        #expect(fixture.type("ApiError").contains("public struct ApiError"), "\(fixture.result.files.map(\.path))")
        #expect(!fixture.notes.contains { $0.contains("an error answer that is not JSON") }, "\(fixture.notes)")
        // Springfox's 403 under its `produces` and with no schema is said to have none.
        #expect(
            fixture.notes.contains {
                $0.hasSuffix("~1pets~1{id}/get/responses/403/content: an error answer without a schema (*/*): no mock of it")
            },
            "\(fixture.notes)")
    }

    /// Swashbuckle, ASP.NET Core's generator, lists `application/json-patch+json` before
    /// `application/json` for every body: the body and its example are `application/json`'s.
    @Test func applicationJSONIsPreferredToATypeItPrefixes() throws {
        let paths = ##"""
            "/api/Todo": {"post": {"operationId": "addTodo", "tags": ["todo"],
              "requestBody": {"content": {
                "application/json-patch+json": {"schema": {"$ref": "#/components/schemas/Pet"}},
                "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}, "example": {"id": 7, "name": "Rex"}},
                "text/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
              "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}
            """##
        let fixture = try ImportFixture(schemas: Self.schemas, paths: paths)
        let todo = fixture.group("TodoEndpoints")
        #expect(todo.contains(#"{"id":7,"name":"Rex"}"#), "\(todo)")
        #expect(!fixture.notes.contains { $0.contains("json-patch") }, "\(fixture.notes)")
    }

    @Test func theCheckReadsARangeAsTheImportDoes() throws {
        let old = ImportFixture.text(schemas: Self.schemas, paths: Self.paths)
        let new = old.replacingOccurrences(of: #""*/*""#, with: #""application/json""#)
            .replacingOccurrences(of: #""application/*""#, with: #""application/json""#)
        let changes = OpenAPIComparison(old: try OpenAPIImport.parse(Data(old.utf8)), new: try OpenAPIImport.parse(Data(new.utf8)))
            .changes()
        // Only the text, bytes before, changed kind; the JSON answers and the download did not.
        #expect(changes.map(\.subject) == ["GET /pets/{id}/name"], "\(changes)")
    }
}
