@testable import APICheck
import Foundation
import Testing

/// Swagger 2.0 documents converted to the OpenAPI 3.0 shape the importer maps, and imported.
@Suite struct SwaggerConversionTests {
    static let store = #"""
        {"swagger": "2.0", "info": {"title": "Store", "version": "1"},
         "host": "api.store.example", "basePath": "/v1", "schemes": ["https", "http"],
         "consumes": ["application/json"], "produces": ["application/json", "application/xml"],
         "securityDefinitions": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"},
                                 "login": {"type": "basic"},
                                 "oauth": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a.example/auth",
                                           "tokenUrl": "https://a.example/token", "scopes": {"read": "read"}}},
         "security": [{"key": []}],
         "parameters": {"limit": {"name": "limit", "in": "query", "type": "integer", "default": 20},
                        "order": {"name": "order", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Order"}}},
         "responses": {"NotFound": {"description": "no such thing", "schema": {"$ref": "#/definitions/Problem"}}},
         "paths": {
           "/orders": {
             "get": {"operationId": "listOrders", "tags": ["orders"],
                     "parameters": [{"$ref": "#/parameters/limit"},
                                    {"name": "ids", "in": "query", "type": "array", "items": {"type": "integer"}},
                                    {"name": "tags", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"},
                                    {"name": "words", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"}],
                     "responses": {"200": {"description": "the orders", "schema": {"type": "array", "items": {"$ref": "#/definitions/Order"}},
                                           "examples": {"application/json": [{"id": 1, "note": null}]}},
                                   "404": {"$ref": "#/responses/NotFound"}}},
             "post": {"operationId": "createOrder", "tags": ["orders"], "parameters": [{"$ref": "#/parameters/order"}],
                      "responses": {"201": {"description": "made", "schema": {"$ref": "#/definitions/Order"}}}}
           },
           "/orders/{id}/photo": {
             "parameters": [{"name": "id", "in": "path", "required": true, "type": "integer", "format": "int64"}],
             "post": {"operationId": "uploadPhoto", "consumes": ["multipart/form-data"],
                      "parameters": [{"name": "file", "in": "formData", "type": "file", "required": true},
                                     {"name": "caption", "in": "formData", "type": "string"}],
                      "responses": {"204": {"description": "stored"}}},
             "put": {"operationId": "renamePhoto",
                     "parameters": [{"name": "title", "in": "formData", "type": "string", "required": true}],
                     "responses": {"200": {"description": "renamed", "schema": {"$ref": "#/definitions/Order"}}}}
           }
         },
         "definitions": {
           "Order": {"type": "object", "required": ["id"], "discriminator": "kind",
                     "properties": {"id": {"type": "integer", "format": "int64"},
                                    "note": {"type": "string", "x-nullable": true},
                                    "lines": {"type": "array", "items": {"$ref": "#/definitions/Line"}},
                                    "receipt": {"type": "file"}}},
           "Line": {"type": "object", "properties": {"sku": {"type": "string"}}},
           "Problem": {"type": "object", "properties": {"message": {"type": "string"}}}
         }}
        """#

    func converted(_ text: String = Self.store) throws -> SwaggerConversion {
        SwaggerConversion(try OpenAPIImport.parse(Data(text.utf8)))
    }

    func json(_ text: String) throws -> JSONValue {
        try OpenAPIImport.parse(Data(text.utf8))
    }

    @Test func hostBasePathAndSchemesAreTheServers() throws {
        let document = try converted().document
        #expect(document["openapi"] == .string("3.0.3"))
        #expect(document["servers"] == (try json(#"[{"url": "https://api.store.example/v1"}, {"url": "http://api.store.example/v1"}]"#)))
        // Without host: the base path, relative to where the document is served.
        let relative = SwaggerConversion(try json(#"{"swagger": "2.0", "basePath": "/api", "paths": {}}"#)).document
        #expect(relative["servers"] == (try json(#"[{"url": "/api"}]"#)))
        // Without schemes: the document's own scheme, else https (noted).
        let bare = try json(#"{"swagger": "2.0", "host": "h.example", "paths": {}}"#)
        #expect(SwaggerConversion(bare, documentScheme: "http").document["servers"] == (try json(#"[{"url": "http://h.example/"}]"#)))
        let file = SwaggerConversion(bare)
        #expect(file.document["servers"] == (try json(#"[{"url": "https://h.example/"}]"#)))
        #expect(file.notes.map(\.description) == ["not mapped: #/schemes: no schemes: the server is taken to be https://h.example/"])
    }

    @Test func definitionsAreSchemasAndEveryReferenceFollows() throws {
        let document = try converted().document
        let order = document["components"]?["schemas"]?["Order"]
        #expect(order?["properties"]?["lines"]?["items"] == .object([("$ref", .string("#/components/schemas/Line"))]))
        #expect(order?["properties"]?["note"] == (try json(#"{"type": "string", "nullable": true}"#)))
        #expect(order?["discriminator"] == (try json(#"{"propertyName": "kind"}"#)))
        #expect(order?["properties"]?["receipt"] == (try json(#"{"type": "string", "format": "binary"}"#)))
        let components = document["components"]
        #expect(
            components?["parameters"]?["limit"]
                == (try json(#"{"name": "limit", "in": "query", "schema": {"type": "integer", "default": 20}}"#)))
        #expect(
            components?["requestBodies"]?["order"]
                == (try json(
                    ##"{"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}}"##)))
        #expect(
            components?["responses"]?["NotFound"]?["content"]?["application/json"]?["schema"]
                == .object([("$ref", .string("#/components/schemas/Problem"))]))
        let list = document["paths"]?["/orders"]?["get"]
        #expect(list?["parameters"]?[0] == .object([("$ref", .string("#/components/parameters/limit"))]))
        #expect(list?["responses"]?["404"] == .object([("$ref", .string("#/components/responses/NotFound"))]))
    }

    @Test func bodiesFormsAndAnswersTakeTheirMediaTypes() throws {
        let paths = try converted().document["paths"]
        #expect(paths?["/orders"]?["post"]?["requestBody"] == .object([("$ref", .string("#/components/requestBodies/order"))]))
        let answer = paths?["/orders"]?["get"]?["responses"]?["200"]?["content"]
        #expect(answer.map { OpenAPISource.members($0).map(\.key) } == ["application/json", "application/xml"])
        #expect(answer?["application/json"]?["example"] == (try json(#"[{"id": 1, "note": null}]"#)))
        #expect(answer?["application/xml"]?["example"] == nil)
        let upload = paths?["/orders/{id}/photo"]?["post"]?["requestBody"]?["content"]?["multipart/form-data"]?["schema"]
        #expect(
            upload
                == (try json(
                    #"""
                    {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}, "caption": {"type": "string"}},
                     "required": ["file"]}
                    """#)))
        let rename = paths?["/orders/{id}/photo"]?["put"]?["requestBody"]?["content"]
        #expect(rename?["application/x-www-form-urlencoded"] != nil)
        #expect(
            paths?["/orders/{id}/photo"]?["parameters"]
                == (try json(
                    #"[{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}]"#)))
        #expect(paths?["/orders/{id}/photo"]?["post"]?["responses"]?["204"] == (try json(#"{"description": "stored"}"#)))
    }

    @Test func collectionFormatsAreStyles() throws {
        let parameters = try converted().document["paths"]?["/orders"]?["get"]?["parameters"]
        #expect(parameters?[1]?["style"] == .string("form"))
        #expect(parameters?[1]?["explode"] == .bool(false))
        #expect(parameters?[2]?["explode"] == .bool(true))
        #expect(parameters?[3]?["style"] == .string("pipeDelimited"))
    }

    @Test func securityDefinitionsAreSchemes() throws {
        let schemes = try converted().document["components"]?["securitySchemes"]
        #expect(schemes?["key"] == (try json(#"{"type": "apiKey", "name": "X-Key", "in": "header"}"#)))
        #expect(schemes?["login"] == (try json(#"{"type": "http", "scheme": "basic"}"#)))
        #expect(
            schemes?["oauth"]
                == (try json(
                    #"""
                    {"type": "oauth2", "flows": {"authorizationCode": {"authorizationUrl": "https://a.example/auth",
                     "tokenUrl": "https://a.example/token", "scopes": {"read": "read"}}}}
                    """#)))
    }

    @Test func theImportMapsTheConversionAndItsNotesPointIntoTheSwaggerDocument() throws {
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try json(Self.store))
        #expect(result.endpointCount == 4)
        #expect(result.baseURL == URL(string: "https://api.store.example/v1/"))
        let declaration = result.files.first { $0.path == "Sources/ShopContracts/Shop.swift" }?.text ?? ""
        #expect(declaration.contains(#"auth: .preIssued(variable: "SHOP_API_KEY", placement: .header("X-Key", prefix: "")),"#))
        let orders = result.files.first { $0.path == "Sources/ShopContracts/Endpoints/OrdersEndpoints.swift" }?.text ?? ""
        #expect(orders.contains(#".queryList("ids", .int, .commaSeparated)"#), "\(orders)")
        #expect(orders.contains(#".queryList("tags", .string, .repeated)"#))
        #expect(orders.contains(".json(Order.self, sample:"))
        #expect(result.files.first { $0.path == "mocks/listOrders.json" }?.text == "[\n  {\n    \"id\": 1,\n    \"note\": null\n  }\n]\n")
        let notes = result.notes.map(\.description)
        #expect(notes.contains("not mapped: #/definitions/Order/properties/receipt/type: type 'file': declared as a binary string"))
        // A `type: file` form field is a file part of a multipart body.
        let photos = result.files.first { $0.text.contains("uploadPhoto = ") }
        #expect(
            photos?.text.contains(".multipart(UploadPhotoBody.self, sample:") == true, "\(photos?.path ?? "none") \(photos?.text ?? "")")
        let upload = result.files.first { $0.path == "Sources/ShopContracts/Types/UploadPhotoBody.swift" }?.text ?? ""
        #expect(upload.contains("public var file: FilePart"), "\(upload)")
        #expect(upload.contains("import APICheck"))
        #expect(!notes.contains { $0.contains("uploadPhoto (") || $0.contains("photo/post/parameters/0/type") }, "\(notes)")
        #expect(
            notes.contains(
                "not mapped: #/paths/~1orders/get/parameters/3: style 'pipeDelimited' of 'words' is not mapped: sent as repeated k=a&k=b"),
            "\(notes)")
        #expect(!notes.contains { $0.contains("#/components/") || $0.contains("/requestBody") })
    }

    @Test func aDocumentWithoutHostIsServedWhereItWasFetched() throws {
        let text = #"""
            {"swagger": 2.0, "info": {"title": "Notes", "version": "1"}, "basePath": "/api",
             "paths": {"/notes/{id}": {"get": {
               "parameters": [{"name": "id", "in": "path", "required": true, "type": "string", "x-example": "n-1"}],
               "responses": {"200": {"description": "the note", "schema": {"$ref": "#/definitions/Note"},
                                     "examples": {"application/json": {"id": "n-1", "text": "hello"}}}}}}},
             "definitions": {"Note": {"type": "object", "properties": {"id": {"type": "string"}, "text": {"type": "string"}}}}}
            """#
        let settings = OpenAPIImport.Settings(
            name: "notes", typeName: "Notes", moduleName: "NotesContracts", variablePrefix: "NOTES",
            baseURL: nil, documentURL: URL(string: "http://127.0.0.1:8888/api/spec.yaml"))
        let result = try OpenAPIImport(settings: settings).run(try json(text))
        #expect(result.baseURL == URL(string: "http://127.0.0.1:8888/api/"))
        let group = result.files.first { $0.path == "Sources/NotesContracts/Endpoints/DefaultEndpoints.swift" }?.text ?? ""
        #expect(group.contains(#".path("id", .string, sample: .environment("NOTES_NOTE_ID", fallback: "n-1"))"#), "\(group)")
        #expect(result.files.first { $0.path == "mocks/get.notes.id.json" }?.text == "{\n  \"id\": \"n-1\",\n  \"text\": \"hello\"\n}\n")
    }

    @Test func otherVersionsAreRefused() throws {
        #expect(throws: OpenAPIImportError.unsupportedVersion("Swagger 1.2")) {
            try OpenAPIImport(settings: ImportFixture.settings).run(try json(#"{"swagger": "1.2", "paths": {}}"#))
        }
    }
}
