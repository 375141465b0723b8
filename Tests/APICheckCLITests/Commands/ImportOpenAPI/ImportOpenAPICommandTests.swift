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
        let result = await run(
            [
                "import-openapi", Self.petstore, "--output", "pets", "--name", "petstore",
                "--dependency", "/opt/src/apicheck",
            ], in: folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("wrote the petstore package from petstore.json (6 endpoints, 10 types, 26 files)"))
        // The next steps say which server `live` calls (the document's, unless --base-url said),
        // and give it the reads first: a plain run sends the writes too.
        #expect(
            result.out.contains("apicheck live --env staging --reads-only   # the 4 reads first, on https://eu.petstore.example/v1/;"),
            "\(result.out)")
        #expect(result.out.contains("apicheck live --env staging                # then all: the 2 writes (POST, PUT, PATCH, DELETE)"))
        let root = folder.appendingPathComponent("pets")
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "/opt/src/apicheck"),"#))
        #expect(manifest.contains(#".target(name: "PetstoreContracts""#))
        let main = try String(contentsOf: root.appendingPathComponent("Sources/apicheck/main.swift"), encoding: .utf8)
        #expect(main.contains("APICheckTool(api: Petstore.api)"))
        let declaration = try String(contentsOf: root.appendingPathComponent("Sources/PetstoreContracts/Petstore.swift"), encoding: .utf8)
        #expect(declaration.contains(#"auth: .preIssued(variable: "PETSTORE_TOKEN", placement: .bearer),"#))
        #expect(declaration.contains(#""staging": URL(string: "https://eu.petstore.example/v1/")!"#))
        // A cookie parameter is declared as one, not listed.
        #expect(!result.err.contains("parameters/0: cookie"), "\(result.err)")
        #expect(
            result.err.contains("apicheck import-openapi: made up: #/paths/~1pets/post/responses/201/content/application~1json: no example")
        )

        // Again without --force: refused; with it, the base URL given wins.
        let again = await run(["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(again.code == 2)
        #expect(again.err.contains("is not empty"))
        let forced = await run(
            [
                "import-openapi", Self.petstore, "--output", "pets", "--name", "petstore", "--force",
                "--base-url", "https://staging.pets.example/api", "--dependency", "/opt/src/apicheck",
            ], in: folder)
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
        #expect(
            checked.out.contains("  breaking   schema Pet in answers $.id\n             made-optional: made optional: "), "\(checked.out)")
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
        let newer = text.replacingOccurrences(
            of: field, with: #""next_cursor": {"type": "string", "nullable": true}, "total": {"type": "integer"}}}"#)
        try Data(newer.utf8).write(to: folder.appendingPathComponent("newer.json"))
        let checked = await run(["import-openapi", "newer.json", "--check", "--output", "pets"], in: folder)
        #expect(checked.code == 0, "\(checked.out)\(checked.err)")
        #expect(checked.out.contains("  compatible schema PetPage in answers $.total\n"), "\(checked.out)")
        #expect(checked.out.contains("1 change: 0 breaking, 1 compatible"), "\(checked.out)")
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
        #expect(
            old.err
                == "apicheck import-openapi: \(swagger.path): the document is Swagger 1.2; import-openapi reads OpenAPI 3.0.x and 3.1.x and Swagger 2.0\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
