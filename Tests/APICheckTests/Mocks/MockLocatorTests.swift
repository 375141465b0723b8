import APICheck
import Contracts
import Foundation
import Testing

/// Where the commands find mocks/ when no folder is named.
@Suite struct MockLocatorTests {
    /// A scratch tree: `outer/mocks/`, `outer/pkg/Package.swift`, `outer/pkg/mocks/`,
    /// `outer/pkg/Sources/Thing/`, `outer/pkg/contracts/API.swift`, `outer/bare/Package.swift`,
    /// `outer/bare/src/`, `outer/loose/`.
    func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-locate-\(UUID().uuidString)")
        for folder in ["mocks", "pkg/mocks", "pkg/Sources/Thing", "pkg/contracts", "bare/src", "loose"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["pkg/Package.swift", "pkg/contracts/API.swift", "bare/Package.swift"] {
            try "".write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        return root
    }

    func locate(_ root: URL, from working: String, declaredIn: String? = nil) -> MockLocator.Location {
        MockLocator.locate(
            workingDirectory: root.appendingPathComponent(working),
            declaredIn: declaredIn.map { root.appendingPathComponent($0).path })
    }

    @Test func fromInsideAPackageItsMocksAreFound() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let location = locate(root, from: "pkg/Sources/Thing")
        #expect(location.url?.path == root.appendingPathComponent("pkg/mocks").path)
        #expect(location.explanation == "the mocks/ of the package above the current directory")
        #expect(locate(root, from: "pkg").explanation == "./mocks")
    }

    @Test func theWalkStopsAtThePackageRoot() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        // bare/ is a package without mocks: outer/mocks belongs to something else.
        let location = locate(root, from: "bare/src")
        #expect(location.url == nil)
        #expect(
            location.explanation.hasPrefix(
                "no mocks folder in ./mocks and the packages above \(root.appendingPathComponent("bare/src").path)"))
    }

    @Test func fromElsewhereTheMocksBesideTheDeclarationsAreFound() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let location = locate(root, from: "bare/src", declaredIn: "pkg/contracts/API.swift")
        #expect(location.url?.path == root.appendingPathComponent("pkg/mocks").path)
        #expect(location.explanation == "the mocks/ of the package the API is declared in")
    }

    @Test func nothingFoundSaysWhereItLooked() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("pkg/mocks"))
        let location = locate(root, from: "bare/src", declaredIn: "pkg/contracts/API.swift")
        #expect(location.url == nil)
        #expect(
            location.explanation.hasSuffix(
                ", nor in the package the API is declared in (\(root.appendingPathComponent("pkg/contracts/API.swift").path))"))
    }

    @Test func theDemoAPIKnowsWhereItWasDeclared() throws {
        let declaredIn = try #require(Demo.api.declaredIn)
        #expect(declaredIn.hasSuffix("/contracts/Demo.swift"))
        let location = MockLocator.locate(workingDirectory: URL(fileURLWithPath: "/"), declaredIn: declaredIn)
        #expect(location.url?.standardizedFileURL.path == MockTransport.locateMocks()?.standardizedFileURL.path)
    }
}
