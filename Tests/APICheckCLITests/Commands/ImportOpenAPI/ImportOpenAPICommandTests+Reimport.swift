@testable import APICheckCLI
import APICheck
import Contracts
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

extension ImportOpenAPICommandTests {
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
        let again = await run(
            ["import-openapi", Self.petstore, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"],
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

        let refused = await run(
            ["import-openapi", Self.petstore, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(refused.code == 2)
        #expect(
            refused.err.contains("the previous import's Sources/PetsContracts/Types/Pet.swift changed since it wrote them"),
            "\(refused.err)")
        #expect(try String(contentsOf: pet, encoding: .utf8) == edited)

        // Unedited files are rewritten as before; the edited one only when told.
        try Data("[]\n".utf8).write(to: root.appendingPathComponent("mocks/mine@empty.json"))
        let replaced = await run(
            [
                "import-openapi", Self.petstore, "--output", "pets", "--force", "--replace-edited",
                "--dependency", "/opt/src/apicheck",
            ], in: folder)
        #expect(replaced.code == 0, "\(replaced.err)")
        #expect(!(try String(contentsOf: pet, encoding: .utf8)).contains("// mine"))
        #expect(try String(contentsOf: mock, encoding: .utf8) == mockText)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("mocks/mine@empty.json").path))
        let again = await run(
            ["import-openapi", Self.petstore, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(again.code == 0, "\(again.err)")
    }

    /// A mock changed since the import (recorded from the server) cannot move to a file of the
    /// user's own: `--force` keeps it, says so, and keeps it on the imports after; only
    /// `--replace-edited` puts the made-up one back.
    @Test func reimportKeepsAMockRecordedSinceAndSaysSo() async throws {
        let folder = try TemporaryFolder("import-openapi-recorded")
        defer { folder.remove() }
        let arguments = ["import-openapi", Self.petstore, "--output", "pets", "--dependency", "/opt/src/apicheck"]
        let first = await run(arguments, in: folder)
        #expect(first.code == 0, "\(first.err)")
        let mock = folder.appendingPathComponent("pets/mocks/listPets.json")
        let madeUp = try String(contentsOf: mock, encoding: .utf8)
        let recorded = #"[{"id": 7, "name": "Rex"}]"# + "\n"
        try Data(recorded.utf8).write(to: mock)

        for _ in 0..<2 {
            let again = await run(arguments + ["--force"], in: folder)
            #expect(again.code == 0, "\(again.err)")
            #expect(again.err.contains("kept mocks/listPets.json: changed since the previous import wrote it"), "\(again.err)")
            #expect(try String(contentsOf: mock, encoding: .utf8) == recorded)
        }
        let replaced = await run(arguments + ["--force", "--replace-edited"], in: folder)
        #expect(replaced.code == 0, "\(replaced.err)")
        #expect(!replaced.err.contains("kept mocks/"))
        #expect(try String(contentsOf: mock, encoding: .utf8) == madeUp)
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
        try Data(
            #"""
            {"openapi": "3.0.3", "info": {"title": "Pets", "version": "2"},
             "paths": {"/pets": {"get": {"operationId": "listPets", "tags": ["pets"], "responses": {"200": {"description": "ok",
                 "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}}},
             "components": {"schemas": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
            """#.utf8
        ).write(to: smaller)
        let second = await run(
            ["import-openapi", smaller.path, "--output", "pets", "--force", "--dependency", "/opt/src/apicheck"], in: folder)
        #expect(second.code == 0, "\(second.err)")
        #expect(
            second.out.contains(
                "removed Sources/PetsContracts/Types/Order.swift: the previous import wrote it, this document has no such part\n"))
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
}
