@testable import APICheckCLI
import APICheck
import Contracts
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

extension ImportOpenAPICommandTests {
    @Test func readsAYAMLDocument() async throws {
        let folder = try TemporaryFolder("import-openapi-yaml")
        defer { folder.remove() }
        let yaml = folder.appendingPathComponent("api.yaml")
        try Data(
            """
            openapi: 3.1.0
            info: {title: Notes, version: "1"}
            servers:
              - url: https://notes.example/api
            paths:
              /notes/{id}:
                get:
                  operationId: showNote
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer, format: int64}, example: 12}
                  responses:
                    200:
                      description: the note
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Note'}
                          example: {id: 12, text: hello, pinned: null}
            components:
              schemas:
                Note:
                  type: object
                  required: [id, text]
                  properties:
                    id: {type: integer, format: int64}
                    text: {type: string}
                    pinned: {type: [boolean, "null"]}
            """.utf8
        ).write(to: yaml)
        let result = await run(["import-openapi", yaml.path, "--output", "notes", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        let root = folder.appendingPathComponent("notes/Sources/NotesContracts")
        let group = try String(contentsOf: root.appendingPathComponent("Endpoints/DefaultEndpoints.swift"), encoding: .utf8)
        #expect(group.contains(#".path("id", .int64, sample: .environment("NOTES_NOTE_ID", fallback: 12)),"#))
        let note = try String(contentsOf: root.appendingPathComponent("Types/Note.swift"), encoding: .utf8)
        #expect(note.contains("public var pinned: Bool?\n"))
        let mock = try String(contentsOf: folder.appendingPathComponent("notes/mocks/showNote.json"), encoding: .utf8)
        #expect(mock == "{\n  \"id\": 12,\n  \"text\": \"hello\",\n  \"pinned\": null\n}\n")
    }

    static let swaggerYAML = """
        swagger: "2.0"
        info: {title: Notes, version: "1"}
        basePath: /api
        securityDefinitions:
          token: {type: apiKey, in: header, name: Authorization}
        security: [{token: []}]
        paths:
          /notes/{id}:
            get:
              operationId: showNote
              parameters:
                - {name: id, in: path, required: true, type: integer, format: int64}
              responses:
                200:
                  description: the note
                  schema: {$ref: '#/definitions/Note'}
        definitions:
          Note:
            type: object
            required: [id]
            properties:
              id: {type: integer, format: int64}
              text: {type: string, x-nullable: true}
        """

    @Test func readsASwaggerDocumentInYAML() async throws {
        let folder = try TemporaryFolder("import-openapi-swagger")
        defer { folder.remove() }
        let yaml = folder.appendingPathComponent("swagger.yaml")
        try Data(Self.swaggerYAML.utf8).write(to: yaml)
        let result = await run(["import-openapi", yaml.path, "--output", "notes", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        let root = folder.appendingPathComponent("notes/Sources/NotesContracts")
        let declaration = try String(contentsOf: root.appendingPathComponent("Notes.swift"), encoding: .utf8)
        #expect(declaration.contains(#"auth: .preIssued(variable: "NOTES_API_KEY", placement: .header("Authorization", prefix: "")),"#))
        let note = try String(contentsOf: root.appendingPathComponent("Types/Note.swift"), encoding: .utf8)
        #expect(note.contains("public var text: String?\n"))
        #expect(
            result.err.contains(
                "apicheck import-openapi: set: #/paths/~1notes~1{id}/get/parameters/0: no example for the path parameter 'id' of showNote: live reads it from $NOTES_NOTE_ID"
            ))
        #expect(
            result.err.contains(
                "apicheck import-openapi: not mapped: #/basePath: '/api' is not an absolute http(s) URL: staging is https://staging.example.com/api/ until"
            ), "\(result.err)")
    }

    @Test func fetchesADocumentByURLAndTakesItsServerFromThere() async throws {
        let seen = Mutex<[String]>([])
        let server = HTTPServer { request in
            seen.withLock { $0.append(request.headers.first { $0.name.lowercased() == "authorization" }?.value ?? "-") }
            guard request.path == "/api/spec.yaml" else { return ServerResponse(status: 404) }
            return ServerResponse(headers: [(name: "Content-Type", value: "text/yaml")], body: Data(Self.swaggerYAML.utf8))
        }
        try server.start()
        defer { server.stop() }
        let folder = try TemporaryFolder("import-openapi-url")
        defer { folder.remove() }
        let url = "http://127.0.0.1:\(server.port)/api/spec.yaml"
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api).run(
            [
                "import-openapi", url + "?token=secret", "--output", "notes", "--dependency", "/opt/src/apicheck",
                "--header", "Authorization: token env:NOTES_TOKEN",
            ],
            console: console, environment: ["NOTES_TOKEN": "t-1"], workingDirectory: folder.url)
        #expect(code == 0, "\(captured.err)")
        #expect(captured.out.hasPrefix("wrote the notes package from spec.yaml (1 endpoints"), "\(captured.out)")
        #expect(seen.withLock { $0 } == ["token t-1"])
        // The document has no host: its servers are where it was fetched from.
        let declaration = try String(contentsOf: folder.appendingPathComponent("notes/Sources/NotesContracts/Notes.swift"), encoding: .utf8)
        #expect(declaration.contains(#""staging": URL(string: "http://127.0.0.1:\#(server.port)/api/")!"#), "\(declaration)")
        #expect(!captured.err.contains("secret"))
    }

    /// Django's `/api/schema/?format=json` ends in no file name: the summary names the document
    /// by its title, not `schema`.
    @Test func aDocumentFetchedFromAURLWithoutAFileNameIsNamedByItsTitle() async throws {
        let server = HTTPServer { request in
            guard request.path == "/api/schema/" else { return ServerResponse(status: 404) }
            return ServerResponse(headers: [(name: "Content-Type", value: "text/yaml")], body: Data(Self.swaggerYAML.utf8))
        }
        try server.start()
        defer { server.stop() }
        let folder = try TemporaryFolder("import-openapi-url-title")
        defer { folder.remove() }
        let url = "http://127.0.0.1:\(server.port)/api/schema/?format=json"
        let result = await run(["import-openapi", url, "--output", "notes", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("wrote the notes package from 'Notes' (1 endpoints"), "\(result.out)")
    }

    @Test func aFetchThatDoesNotEndWithADocumentIsRefusedNamingTheURL() async throws {
        let server = HTTPServer { request in
            switch request.path {
            case "/page": return ServerResponse(headers: [(name: "Content-Type", value: "text/html")], body: Data("<html></html>".utf8))
            case "/locked":
                return ServerResponse(status: 403, body: Data(#"{"detail": "Authentication credentials were not provided."}"#.utf8))
            case "/big": return .json(Data(("{\"a\": \"" + String(repeating: "x", count: 4096) + "\"}").utf8))
            case "/slow":
                var response = ServerResponse.json(Data("{}".utf8))
                response.delay = 2
                return response
            default: return ServerResponse(status: 404, body: Data("no".utf8))
            }
        }
        try server.start()
        defer { server.stop() }
        let folder = try TemporaryFolder("import-openapi-url-refusals")
        defer { folder.remove() }
        let base = "http://127.0.0.1:\(server.port)"
        let missing = await run(["import-openapi", base + "/missing.json", "--output", "out"], in: folder)
        #expect(missing.code == 2)
        #expect(
            missing.err == "apicheck import-openapi: cannot fetch \(base)/missing.json: the server answered HTTP 404, not the document\n")
        // A document behind a login (Nautobot's): the refusal says how to send the API's credentials.
        let locked = await run(["import-openapi", base + "/locked", "--output", "out"], in: folder)
        #expect(locked.code == 2)
        #expect(
            locked.err.contains(
                "HTTP 403, not the document; if it needs the API's credentials, send them: --header 'Authorization: Token env:API_TOKEN'"),
            "\(locked.err)")
        let page = await run(["import-openapi", base + "/page", "--output", "out"], in: folder)
        #expect(page.code == 2)
        #expect(
            page.err
                == "apicheck import-openapi: cannot fetch \(base)/page: the server answered an HTML page (text/html), not an OpenAPI document\n"
        )
        let big = await run(["import-openapi", base + "/big", "--output", "out", "--max-body", "1K"], in: folder)
        #expect(big.code == 2)
        #expect(big.err.hasPrefix("apicheck import-openapi: cannot fetch \(base)/big: body too large"), "\(big.err)")
        #expect(big.err.contains("--max-body"))
        let slow = await run(["import-openapi", base + "/slow", "--output", "out", "--timeout", "0.3"], in: folder)
        #expect(slow.code == 2)
        #expect(slow.err.hasPrefix("apicheck import-openapi: cannot fetch \(base)/slow: timed out"), "\(slow.err)")
        let unset = await run(["import-openapi", base + "/x", "--output", "out", "--header", "Authorization: token env:NOPE"], in: folder)
        #expect(unset.code == 2)
        #expect(unset.err.contains("--header Authorization: $NOPE is not set"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
