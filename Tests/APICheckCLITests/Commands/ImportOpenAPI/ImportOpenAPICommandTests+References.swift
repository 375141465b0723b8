@testable import APICheckCLI
import APICheck
import Contracts
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Documents split over files and URLs: the import reads what their references name.
extension ImportOpenAPICommandTests {
    static let splitRoot = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        servers: [{url: "https://pets.example/v1"}]
        paths:
          /pets:
            get:
              operationId: listPets
              parameters: [{$ref: "common.yaml#/components/parameters/Limit"}]
              responses:
                "200":
                  description: ok
                  content: {application/json: {schema: {type: array, items: {$ref: "schemas/pet.yaml"}}}}
        """
    static let splitPet = """
        type: object
        required: [id]
        properties:
          id: {type: integer}
          parent: {$ref: "#"}
        """
    static let splitCommon = """
        components:
          parameters:
            Limit: {name: limit, in: query, schema: {type: integer}, example: 5}
        """

    @Test func readsTheFilesADocumentRefersTo() async throws {
        let folder = try TemporaryFolder("import-openapi-split")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("spec/schemas"), withIntermediateDirectories: true)
        try Data(Self.splitRoot.utf8).write(to: folder.appendingPathComponent("spec/openapi.yaml"))
        try Data(Self.splitPet.utf8).write(to: folder.appendingPathComponent("spec/schemas/pet.yaml"))
        try Data(Self.splitCommon.utf8).write(to: folder.appendingPathComponent("spec/common.yaml"))
        let result = await run(
            ["import-openapi", "spec/openapi.yaml", "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.err.contains("leads to nothing"), "\(result.err)")
        let root = folder.appendingPathComponent("pets/Sources/PetsContracts")
        let pet = try String(contentsOf: root.appendingPathComponent("Types/Pet.swift"), encoding: .utf8)
        #expect(pet.contains("public let parent: Pet?"), "\(pet)")
        let group = try String(contentsOf: root.appendingPathComponent("Endpoints/DefaultEndpoints.swift"), encoding: .utf8)
        #expect(group.contains(#".query("limit", .int, sample: .literal(5))"#), "\(group)")
        #expect(group.contains("Endpoint<[Pet]>"), "\(group)")
    }

    /// A document fetched by URL reads the URLs it names (the headers going to its own origin
    /// only), never a file on this machine.
    @Test func aFetchedDocumentReadsURLsNotFiles() async throws {
        let seen = Mutex<[String]>([])
        let server = HTTPServer { request in
            seen.withLock {
                $0.append(request.path + " " + (request.headers.first { $0.name.lowercased() == "authorization" }?.value ?? "-"))
            }
            let files = [
                "/spec/openapi.yaml": Self.splitRoot, "/spec/schemas/pet.yaml": Self.splitPet + "\n  owner: {$ref: 'file:///etc/hostname'}",
            ]
            guard let text = files[request.path] else { return ServerResponse(status: 404) }
            return ServerResponse(headers: [(name: "Content-Type", value: "text/yaml")], body: Data(text.utf8))
        }
        try server.start()
        defer { server.stop() }
        let folder = try TemporaryFolder("import-openapi-split-url")
        defer { folder.remove() }
        // The limit's document is not on the server; the pet's owner names a file: both noted.
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api).run(
            [
                "import-openapi", "http://127.0.0.1:\(server.port)/spec/openapi.yaml", "--output", "pets", "--dependency",
                "/opt/src/apicheck",
                "--header", "Authorization: token t-1",
            ],
            console: console, environment: [:], workingDirectory: folder.url)
        #expect(code == 0, "\(captured.err)")
        #expect(
            seen.withLock { $0 }.sorted() == [
                "/spec/common.yaml token t-1", "/spec/openapi.yaml token t-1", "/spec/schemas/pet.yaml token t-1",
            ])
        #expect(captured.err.contains("common.yaml, which cannot be read (cannot fetch"), "\(captured.err)")
        #expect(captured.err.contains("which cannot be read (a document fetched by URL may not name a file)"), "\(captured.err)")
        // The type is then said once more as left loose, not as a document wrong in itself.
        #expect(
            captured.err.contains("'file:///etc/hostname' is in a document that could not be read: declared JSONValue"), "\(captured.err)")
        #expect(!captured.err.contains("leads to nothing this document holds"), "\(captured.err)")
        let pet = folder.appendingPathComponent("pets/Sources/PetsContracts/Types/Pet.swift")
        #expect(FileManager.default.fileExists(atPath: pet.path))
    }

    /// A reference `--check` cannot read is no change of the document: the check says so on
    /// stderr and ends as a document that cannot be read does (2), not as a breaking change (1).
    @Test func checkSaysAReferenceItCouldNotReadAndPassesNoVerdict() async throws {
        let folder = try TemporaryFolder("import-openapi-split-check")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("spec/schemas"), withIntermediateDirectories: true)
        let common = folder.appendingPathComponent("spec/common.yaml")
        try Data(Self.splitRoot.utf8).write(to: folder.appendingPathComponent("spec/openapi.yaml"))
        try Data(Self.splitPet.utf8).write(to: folder.appendingPathComponent("spec/schemas/pet.yaml"))
        try Data(Self.splitCommon.utf8).write(to: common)
        let imported = await run(
            ["import-openapi", "spec/openapi.yaml", "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(imported.code == 0, "\(imported.err)")
        let same = await run(["import-openapi", "spec/openapi.yaml", "--check", "--output", "pets"], in: folder)
        #expect(same.code == 0 && same.err.isEmpty, "\(same.out)\(same.err)")

        // The limit parameter's file gone: it reads as a parameter removed, which it is not.
        try FileManager.default.removeItem(at: common)
        let unread = await run(["import-openapi", "spec/openapi.yaml", "--check", "--output", "pets"], in: folder)
        #expect(unread.code == 2, "\(unread.out)\(unread.err)")
        #expect(unread.err.contains("common.yaml, which cannot be read (no such file)"), "\(unread.err)")
        #expect(
            unread.err.contains("openapi.yaml lead to could not be read (")
                && unread.err.contains("the changes above may be what they hold"), "\(unread.err)")
        #expect(unread.out.contains("parameter limit"), "\(unread.out)")
    }
}
