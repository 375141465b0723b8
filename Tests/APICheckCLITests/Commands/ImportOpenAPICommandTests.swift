@testable import APICheckCLI
import APICheck
import Contracts
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// `apicheck import-openapi DOC --output DIR`: the package's files around the imported module,
/// the notes on stderr, and the refusals. That the package builds and its own apicheck passes
/// `mocks` and `list` is `ci/import-openapi-check`'s round trip over the same document.
@Suite struct ImportOpenAPICommandTests {
    static let petstore = RepositoryPaths.root.appendingPathComponent("ci/openapi/petstore.json").path

    func run(_ arguments: [String], in folder: TemporaryFolder) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api).run(arguments, console: console, environment: [:], workingDirectory: folder.url)
        return (code, captured.out, captured.err)
    }

    @Test func writesAPackageAndListsWhatItDidNotMap() async throws {
        let folder = try TemporaryFolder("import-openapi")
        defer { folder.remove() }
        let result = await run(["import-openapi", Self.petstore, "--output", "pets", "--name", "petstore",
                                "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("wrote the petstore package from petstore.json (6 endpoints, 10 types, 24 files)"))
        let root = folder.appendingPathComponent("pets")
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "/opt/src/apicheck"),"#))
        #expect(manifest.contains(#".target(name: "PetstoreContracts""#))
        let main = try String(contentsOf: root.appendingPathComponent("Sources/apicheck/main.swift"), encoding: .utf8)
        #expect(main.contains("APICheckTool(api: Petstore.api)"))
        let declaration = try String(contentsOf: root.appendingPathComponent("Sources/PetstoreContracts/Petstore.swift"), encoding: .utf8)
        #expect(declaration.contains(#"auth: .preIssued(variable: "PETSTORE_TOKEN", placement: .bearer),"#))
        #expect(declaration.contains(#""staging": URL(string: "https://eu.petstore.example/v1/")!"#))
        #expect(result.err.contains("apicheck import-openapi: not mapped: #/paths/~1pets~1{petId}/delete/parameters/0: cookie parameter 'session' is not mapped\n"))
        #expect(result.err.contains("apicheck import-openapi: made up: #/paths/~1pets/post/responses/201/content/application~1json: no example"))

        // Again without --force: refused; with it, the base URL given wins.
        let again = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(again.code == 2)
        #expect(again.err.contains("is not empty"))
        let forced = await run(["import-openapi", Self.petstore, "--output", "pets", "--name", "petstore", "--force",
                                "--base-url", "https://staging.pets.example/api", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(forced.code == 0, "\(forced.err)")
        let rewritten = try String(contentsOf: root.appendingPathComponent("Sources/PetstoreContracts/Petstore.swift"), encoding: .utf8)
        #expect(rewritten.contains(#""staging": URL(string: "https://staging.pets.example/api/")!"#))
    }

    /// `--check`: the package keeps the document it was made from; a newer one is compared with
    /// it, nothing is written, and a breaking change exits 1.
    @Test func checkListsWhatANewerDocumentChangedAndWritesNothing() async throws {
        let folder = try TemporaryFolder("import-openapi-check")
        defer { folder.remove() }
        let first = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(first.code == 0, "\(first.err)")
        let root = folder.appendingPathComponent("pets")
        let kept = try String(contentsOf: root.appendingPathComponent(".apicheck-import.openapi.json"), encoding: .utf8)
        #expect(kept.contains("\"listPets\""))
        let list = try String(contentsOf: root.appendingPathComponent(".apicheck-import"), encoding: .utf8)
        #expect(list.contains("\n.apicheck-import.openapi.json\t"))

        let same = await run(["import-openapi", Self.petstore, "--check", "--output", "pets"], in: folder)
        #expect(same.code == 0, "\(same.err)")
        #expect(same.out.hasSuffix("0 changes: 0 breaking, 0 compatible; the package's client still works with the document\n"))

        // The ids of a pet and of its owner no longer required: an answer without them does not decode.
        let text = try String(contentsOfFile: Self.petstore, encoding: .utf8)
        let newer = text.replacingOccurrences(of: #""required": ["id"]"#, with: #""required": []"#)
        try #require(newer != text)
        try Data(newer.utf8).write(to: folder.appendingPathComponent("newer.json"))
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        let checked = await run(["import-openapi", "newer.json", "--check", "--output", "pets"], in: folder)
        #expect(checked.code == 1, "\(checked.err)")
        #expect(checked.out.contains("  breaking   schema Pet in answers $.id\n             made-optional: made optional: "), "\(checked.out)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
        let json = await run(["import-openapi", "newer.json", "--check", "--json", "--output", "pets"], in: folder)
        #expect(json.code == 1)
        let report = try JSONParser.parse(Data(json.out.utf8))
        #expect(report["breaking"] == .number("2"))
        #expect(report["changes"]?[0]?["kind"] == .string("made-optional"))
        #expect(report["changes"]?[0]?["path"] == .string("$.id"))

        // --json is --check's; --check writes nothing, so --force has nothing to force.
        let jsonAlone = await run(["import-openapi", "newer.json", "--json", "--output", "pets"], in: folder)
        #expect(jsonAlone.code == 2)
        #expect(jsonAlone.err.contains("--json is for --check"))
        let forced = await run(["import-openapi", "newer.json", "--check", "--force", "--output", "pets"], in: folder)
        #expect(forced.code == 2)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)

        // A folder no import wrote: nothing to compare with.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("other"), withIntermediateDirectories: true)
        let none = await run(["import-openapi", Self.petstore, "--check", "--output", "other"], in: folder)
        #expect(none.code == 2)
        #expect(none.err.contains("holds no .apicheck-import.openapi.json"))
    }

    /// `--check` fails only on a breaking change: a document that only added what the client
    /// reads past (an optional answer field) lists the change and exits 0.
    @Test func checkPassesADocumentWhoseChangesAreAllCompatible() async throws {
        let folder = try TemporaryFolder("import-openapi-check-compatible")
        defer { folder.remove() }
        let first = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(first.code == 0, "\(first.err)")
        let text = try String(contentsOfFile: Self.petstore, encoding: .utf8)
        let field = #""next_cursor": {"type": "string", "nullable": true}}}"#
        try #require(text.components(separatedBy: field).count == 2)
        let newer = text.replacingOccurrences(of: field, with: #""next_cursor": {"type": "string", "nullable": true}, "total": {"type": "integer"}}}"#)
        try Data(newer.utf8).write(to: folder.appendingPathComponent("newer.json"))
        let checked = await run(["import-openapi", "newer.json", "--check", "--output", "pets"], in: folder)
        #expect(checked.code == 0, "\(checked.out)\(checked.err)")
        #expect(checked.out.contains("  compatible schema PetPage in answers $.total\n"), "\(checked.out)")
        #expect(checked.out.contains("1 changes: 0 breaking, 1 compatible"), "\(checked.out)")
    }

    /// `--force` removes only what an import wrote inside the package: a manifest that lists a
    /// path outside it (`../`, absolute), edited by hand or checked out so, removes nothing there.
    @Test func forceRemovesNothingOutsideThePackageWhateverTheManifestLists() async throws {
        let folder = try TemporaryFolder("import-openapi-outside")
        defer { folder.remove() }
        let first = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(first.code == 0, "\(first.err)")
        let beside = folder.appendingPathComponent("mine.txt")
        let absolute = folder.appendingPathComponent("also-mine.txt")
        try Data("mine\n".utf8).write(to: beside)
        try Data("mine\n".utf8).write(to: absolute)
        let manifest = folder.appendingPathComponent("pets").appendingPathComponent(".apicheck-import")
        let listed = try String(contentsOf: manifest, encoding: .utf8) + "../mine.txt\n\(absolute.path)\n"
        try Data(listed.utf8).write(to: manifest)
        let again = await run(["import-openapi", Self.petstore, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"],
                              in: folder)
        #expect(again.code == 0, "\(again.err)")
        #expect(FileManager.default.fileExists(atPath: beside.path))
        #expect(FileManager.default.fileExists(atPath: absolute.path))
    }

    /// A generated file edited since the import is neither replaced nor removed by `--force`:
    /// the import refuses, writing nothing, unless told to lose the edits.
    @Test func reimportRefusesToReplaceAnEditedGeneratedFile() async throws {
        let folder = try TemporaryFolder("import-openapi-edited")
        defer { folder.remove() }
        let first = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(first.code == 0, "\(first.err)")
        let root = folder.appendingPathComponent("pets")
        let pet = root.appendingPathComponent("Sources/PetsContracts/Types/Pet.swift")
        let edited = try String(contentsOf: pet, encoding: .utf8) + "// mine\n"
        try Data(edited.utf8).write(to: pet)
        let mock = root.appendingPathComponent("mocks/listPets.json")
        let mockText = try String(contentsOf: mock, encoding: .utf8)

        let refused = await run(["import-openapi", Self.petstore, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(refused.code == 2)
        #expect(refused.err.contains("the previous import's Sources/PetsContracts/Types/Pet.swift changed since it wrote them"), "\(refused.err)")
        #expect(try String(contentsOf: pet, encoding: .utf8) == edited)

        // Unedited files are rewritten as before; the edited one only when told.
        try Data("[]\n".utf8).write(to: root.appendingPathComponent("mocks/mine@empty.json"))
        let replaced = await run(["import-openapi", Self.petstore, "--output", "pets", "--force", "--replace-edited",
                                  "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(replaced.code == 0, "\(replaced.err)")
        #expect(!(try String(contentsOf: pet, encoding: .utf8)).contains("// mine"))
        #expect(try String(contentsOf: mock, encoding: .utf8) == mockText)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("mocks/mine@empty.json").path))
        let again = await run(["import-openapi", Self.petstore, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(again.code == 0, "\(again.err)")
    }

    @Test func importingANewerDocumentWithForceRemovesWhatItNoLongerHas() async throws {
        let folder = try TemporaryFolder("import-openapi-stale")
        defer { folder.remove() }
        let first = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(first.code == 0, "\(first.err)")
        let root = folder.appendingPathComponent("pets")
        let own = root.appendingPathComponent("Sources/PetsContracts/Extras/Pet+Display.swift")
        try FileManager.default.createDirectory(at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("extension Pet {}\n".utf8).write(to: own)
        let smaller = folder.appendingPathComponent("smaller.json")
        try Data(#"""
            {"openapi": "3.0.3", "info": {"title": "Pets", "version": "2"},
             "paths": {"/pets": {"get": {"operationId": "listPets", "tags": ["pets"], "responses": {"200": {"description": "ok",
                 "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}}},
             "components": {"schemas": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
            """#.utf8).write(to: smaller)
        let second = await run(["import-openapi", smaller.path, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(second.code == 0, "\(second.err)")
        #expect(second.out.contains("removed Sources/PetsContracts/Types/Order.swift: the previous import wrote it, this document has no such part\n"))
        #expect(second.out.contains("removed Sources/PetsContracts/Endpoints/StoreEndpoints.swift: "))
        #expect(second.out.contains("removed mocks/getInventory.json: "))
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: root.appendingPathComponent("Sources/PetsContracts/Types/Order.swift").path))
        #expect(manager.fileExists(atPath: root.appendingPathComponent("Sources/PetsContracts/Types/Pet.swift").path))
        #expect(manager.fileExists(atPath: own.path))
        let list = try String(contentsOf: root.appendingPathComponent(".apicheck-import"), encoding: .utf8)
        #expect(list.contains("\nmocks/listPets.json\t"))
        #expect(!list.contains("Order.swift"))
    }

    @Test func refusesWithoutOutputOrABrokenDocument() async throws {
        let folder = try TemporaryFolder("import-openapi-refusals")
        defer { folder.remove() }
        let noOutput = await run(["import-openapi", Self.petstore], in: folder)
        #expect(noOutput.code == 2)
        #expect(noOutput.err.hasPrefix("apicheck import-openapi: missing --output DIR"))
        let yaml = folder.appendingPathComponent("api.yaml")
        try Data("openapi: 3.0.3\ninfo: [\n".utf8).write(to: yaml)
        let refused = await run(["import-openapi", yaml.path, "--output", "out"], in: folder)
        #expect(refused.code == 2)
        #expect(refused.err.hasPrefix("apicheck import-openapi: \(yaml.path): YAML line 3, column 1: "), "\(refused.err)")
        let swagger = folder.appendingPathComponent("swagger.json")
        try Data(#"{"swagger": "1.2", "paths": {}}"#.utf8).write(to: swagger)
        let old = await run(["import-openapi", swagger.path, "--output", "out"], in: folder)
        #expect(old.err == "apicheck import-openapi: \(swagger.path): the document is Swagger 1.2; import-openapi reads OpenAPI 3.0.x and 3.1.x and Swagger 2.0\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func readsAYAMLDocument() async throws {
        let folder = try TemporaryFolder("import-openapi-yaml")
        defer { folder.remove() }
        let yaml = folder.appendingPathComponent("api.yaml")
        try Data("""
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
            """.utf8).write(to: yaml)
        let result = await run(["import-openapi", yaml.path, "--output", "notes", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        let root = folder.appendingPathComponent("notes/Sources/NotesContracts")
        let group = try String(contentsOf: root.appendingPathComponent("Endpoints/DefaultEndpoints.swift"), encoding: .utf8)
        #expect(group.contains(#".path("id", .int64, sample: .literal(12)),"#))
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
        #expect(result.err.contains("apicheck import-openapi: set: #/paths/~1notes~1{id}/get/parameters/0: no example for the path parameter 'id' of showNote: live reads it from $NOTES_NOTE_ID"))
        #expect(result.err.contains("apicheck import-openapi: not mapped: #/basePath: '/api/' is not an absolute http(s) URL"), "\(result.err)")
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
            ["import-openapi", url + "?token=secret", "--output", "notes", "--dependency", "/opt/src/apicheck",
             "--header", "Authorization: token env:NOTES_TOKEN"],
            console: console, environment: ["NOTES_TOKEN": "t-1"], workingDirectory: folder.url)
        #expect(code == 0, "\(captured.err)")
        #expect(captured.out.hasPrefix("wrote the notes package from spec.yaml (1 endpoints"), "\(captured.out)")
        #expect(seen.withLock { $0 } == ["token t-1"])
        // The document has no host: its servers are where it was fetched from.
        let declaration = try String(contentsOf: folder.appendingPathComponent("notes/Sources/NotesContracts/Notes.swift"), encoding: .utf8)
        #expect(declaration.contains(#""staging": URL(string: "http://127.0.0.1:\#(server.port)/api/")!"#), "\(declaration)")
        #expect(!captured.err.contains("secret"))
    }

    @Test func aFetchThatDoesNotEndWithADocumentIsRefusedNamingTheURL() async throws {
        let server = HTTPServer { request in
            switch request.path {
            case "/page": return ServerResponse(headers: [(name: "Content-Type", value: "text/html")], body: Data("<html></html>".utf8))
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
        #expect(missing.err == "apicheck import-openapi: cannot fetch \(base)/missing.json: the server answered HTTP 404, not the document\n")
        let page = await run(["import-openapi", base + "/page", "--output", "out"], in: folder)
        #expect(page.code == 2)
        #expect(page.err == "apicheck import-openapi: cannot fetch \(base)/page: the server answered an HTML page (text/html), not an OpenAPI document\n")
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
