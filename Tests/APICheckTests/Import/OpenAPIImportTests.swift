@testable import APICheck
import Foundation
import Testing

/// The import as a whole: the documents it refuses, and the files it writes.
@Suite struct OpenAPIImportTests {
    func refusal(_ text: String) -> OpenAPIImportError? {
        do {
            _ = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
            return nil
        } catch {
            return error
        }
    }

    @Test func refusesWhatItCannotRead() {
        guard case .notJSON(_, looksLikeYAML: true)? = refusal("openapi: 3.0.0\ninfo:\n  title: x\n") else {
            Issue.record("a YAML document is not refused as YAML")
            return
        }
        guard case .notJSON(_, looksLikeYAML: false)? = refusal("{oops") else {
            Issue.record("broken JSON is not refused as not JSON")
            return
        }
        #expect(refusal("[1]") == .notAnObject(found: "an array"))
        #expect(refusal(#"{"swagger": "1.2"}"#) == .unsupportedVersion("Swagger 1.2"))
        #expect(refusal(#"{"swagger": "2.0", "paths": {}}"#) == .noOperations)
        #expect(refusal(#"{"info": {}}"#) == .noVersion)
        #expect(refusal(#"{"openapi": "3.0.0", "paths": {}}"#) == .noOperations)
    }

    @Test func writesTheDeclarationTheGroupsTheTypesAndTheMocks() throws {
        let fixture = try ImportFixture(schemas: #""Thing": {"type": "object", "properties": {"a": {"type": "string"}}}"#)
        #expect(
            fixture.result.files.map(\.path) == [
                "Sources/ShopContracts/Shop.swift", "Sources/ShopContracts/Endpoints/DefaultEndpoints.swift",
                "Sources/ShopContracts/Types/Thing.swift", "mocks/ping.json",
            ])
        #expect(fixture.result.endpointCount == 1)
        #expect(fixture.result.typeCount == 1)
    }

    @Test func aRelativeServerIsNotedAndThePlaceholderUsed() throws {
        let text =
            #"{"openapi": "3.0.0", "servers": [{"url": "/v1"}], "paths": {"/a": {"get": {"responses": {"204": {"description": "x"}}}}}}"#
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        #expect(result.baseURL == URL(string: "https://staging.example.com/v1/"))
        #expect(
            result.notes.map(\.description).contains {
                $0 == "not mapped: #/servers/0/url: '/v1' is not an absolute http(s) URL: "
                    + "staging is https://staging.example.com/v1/ until --base-url says otherwise"
            })
    }

    /// OpenAPI's default server is `/`: a file document without one keeps its routes at the root,
    /// where the same document fetched by URL puts them.
    @Test func noServerIsThePlaceholdersRoot() throws {
        let text = #"{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"204": {"description": "x"}}}}}}"#
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        #expect(result.baseURL == URL(string: "https://staging.example.com/"))
        #expect(result.notes.map(\.description).contains { $0.contains("no server: staging is https://staging.example.com/ until") })
    }

    @Test func aFetchedDocumentsServersAreRelativeToItsURL() throws {
        var settings = ImportFixture.settings
        settings.documentURL = URL(string: "https://docs.shop.example:8443/specs/v1/openapi.json?x=1")
        let none = #"{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"204": {"description": "x"}}}}}}"#
        let result = try OpenAPIImport(settings: settings).run(try OpenAPIImport.parse(Data(none.utf8)))
        #expect(result.baseURL == URL(string: "https://docs.shop.example:8443/"))
        #expect(result.notes.isEmpty)
        let relative =
            #"{"openapi": "3.0.0", "servers": [{"url": "../api"}], "paths": {"/a": {"get": {"responses": {"204": {"description": "x"}}}}}}"#
        let resolved = try OpenAPIImport(settings: settings).run(try OpenAPIImport.parse(Data(relative.utf8)))
        #expect(resolved.baseURL == URL(string: "https://docs.shop.example:8443/specs/api/"))
    }

    /// The declaration is the package's `adjusted(_:)` of the document's, so changes a package
    /// makes in a file of its own outlive `import-openapi --force`.
    @Test func theDeclarationIsThePackagesAdjustmentOfTheDocuments() throws {
        let declaration = try ImportFixture().declaration
        #expect(declaration.contains("public enum Shop: AdjustedAPI {"), "\(declaration)")
        #expect(declaration.contains("    public static let api = adjusted(declared)\n"), "\(declaration)")
        #expect(declaration.contains("    public static let declared = API(\n"), "\(declaration)")
    }

    /// A password the document marks as one (`format: password`, or a name that says so) never
    /// prints: its name is one of the API's secret fields. A
    /// made-up request body holding one is declared without a sample (`MadeUpCredentialBodyTests`);
    /// the mock leaves out what the server never sends back (`writeOnly`).
    @Test func passwordsAreSecretFieldsAndReadOnlyIsNotSent() throws {
        let text = ##"""
            {"openapi": "3.0.0", "servers": [{"url": "https://pools.example/api/"}],
             "paths": {"/pools": {"post": {"operationId": "postPool",
               "parameters": [{"name": "pin", "in": "header", "schema": {"type": "string", "format": "password"}}],
               "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pool"}}}},
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pool"}}}}}}}},
             "components": {"schemas": {"Pool": {"type": "object", "properties": {
               "name": {"type": "string"}, "open_slots": {"type": "integer", "readOnly": true},
               "password": {"type": "string", "writeOnly": true}, "count": {"type": "integer", "writeOnly": true},
               "token": {"type": "string"}, "next_page_token": {"type": "string"}, "secret": {"type": "boolean"}}}}}}
            """##
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        let declaration = try #require(result.files.first { $0.path.hasSuffix("/Shop.swift") }?.text)
        #expect(declaration.contains(#"secretFields: ["password", "pin", "token"],"#), "\(declaration)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.text)
        #expect(endpoints.contains("body: .json(Pool.self).optional()"), "\(endpoints)")
        #expect(result.notes.contains { $0.message.contains("postPool's body holds a credential ($.password)") }, "\(result.notes)")
        let mock = try #require(result.files.first { $0.path.hasPrefix("mocks/") }?.text)
        #expect(mock.contains("open_slots") && !mock.contains("password"), "\(mock)")
    }

    /// A generic name (`value`) of one `format: password` property is no secret field: the name
    /// would hide, and `record` rewrite, every other `value` of every answer. A note says so.
    @Test func aGenericNameIsNoSecretFieldAndANoteSaysSo() throws {
        let text = ##"""
            {"openapi": "3.1.0", "servers": [{"url": "https://llm.example/"}],
             "paths": {"/chat": {"post": {"operationId": "chat",
               "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Credential"}}}},
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Attribute"}}}}}}}},
             "components": {"schemas": {
               "Credential": {"type": "object", "properties": {"env_var": {"type": "string"}, "value": {"type": "string", "format": "password"},
                 "api_key": {"type": "string", "format": "password"}}},
               "Attribute": {"type": "object", "properties": {"key": {"type": "string"}, "value": {"type": "object"}}}}}}
            """##
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        let declaration = try #require(result.files.first { $0.path.hasSuffix("/Shop.swift") }?.text)
        #expect(declaration.contains(#"secretFields: ["api_key"],"#), "\(declaration)")
        let note = try #require(result.notes.first { $0.message.contains(#""value""#) })
        #expect(note.location == "#/components/schemas/Credential/properties/value")
        #expect(note.message.contains("secretFields"))
    }

    /// Django REST framework marks plain request-only fields `writeOnly` (a publication's
    /// `repository` href, an upload's `sha256`, a user's `username`): no secret, or `record` would
    /// write stand-ins for real hrefs in every mock. A secret is what is typed or named as one,
    /// compound names (`old_password`, `proxy_password`, `client_key`) too, each noted.
    @Test func writeOnlyAloneMakesNoSecretAndEverySecretIsNoted() throws {
        let fixture = try ImportFixture(
            schemas: ##"""
                "Remote": {"type": "object", "properties": {
                  "repository": {"type": "string", "format": "uri", "writeOnly": true},
                  "sha256": {"type": "string", "writeOnly": true}, "username": {"type": "string", "writeOnly": true},
                  "proxy_username": {"type": "string", "writeOnly": true}, "chunk_size": {"type": "integer", "writeOnly": true},
                  "proxy_password": {"type": "string", "writeOnly": true}, "client_key": {"type": "string", "writeOnly": true},
                  "oldPassword": {"type": "string"}, "pin": {"type": "string", "format": "password"},
                  "next_page_token": {"type": "string"}}}
                """##,
            paths: ##"""
                "/remotes": {"post": {"operationId": "createRemote",
                  "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Remote"}}}},
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Remote"}}}}}}}
                """##)
        let declared = #"secretFields: ["client_key", "oldPassword", "pin", "proxy_password"],"#
        #expect(fixture.declaration.contains(declared), "\(fixture.declaration)")
        let secrets = fixture.result.notes.filter { $0.kind == .secret }
        #expect(secrets.count == 4, "\(secrets)")
        let keyNote = try #require(secrets.first { $0.message.hasPrefix(#""client_key" is a secret field (named as a credential)"#) })
        #expect(keyNote.location == "#/components/schemas/Remote/properties/client_key")
        #expect(secrets.contains { $0.message.hasPrefix(#""pin" is a secret field (format: password)"#) }, "\(secrets)")
        #expect(keyNote.description.hasPrefix("secret: #/components/schemas/Remote/properties/client_key: "))
    }

    /// One rule says which names hold a credential, for secret fields and for made-up bodies alike.
    @Test(arguments: [
        ("password", true), ("old_password", true), ("newPassword2", true), ("proxy-password", true), ("client_key", true),
        ("api_key_secret", true), ("personalAccessToken", true), ("X-API-Key", true), ("apikey", true), ("token", true),
        ("next_page_token", false), ("username", false), ("proxy_username", false), ("sha256", false), ("key", false),
        ("public_key", false), ("password_hint", false), ("repository", false), ("tokens", false),
    ])
    func aCredentialIsNamedSoByItsLastWords(name: String, credential: Bool) {
        #expect(SecretFieldNames.isCredentialName(name) == credential)
    }
}
