@testable import APICheckCLI
import Foundation
import TestSupport
import Testing

/// Each file is written whole, through a temporary file renamed over it, and no temporary file
/// is left behind, written or failed. (The writes are not synced one by one: a large document's
/// thousand files took most of an import's time in syncs on a busy disk.)
@Suite struct PackageWriterTests {
    func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func filesAreWrittenWholeAndRewrittenLeavingNothingElse() throws {
        let folder = try TemporaryFolder("package-writer")
        defer { folder.remove() }
        let target = folder.appendingPathComponent("package")
        let first = [PackageFiles.File(path: "Package.swift", text: "one\n"), PackageFiles.File(path: "Sources/A/A.swift", text: "a\n")]
        #expect(try PackageWriter(folder: target, force: false).write(first) == ["Package.swift", "Sources/A/A.swift"])
        try PackageWriter(folder: target, force: true).write([PackageFiles.File(path: "Package.swift", text: "two\n")])
        #expect(try String(contentsOf: target.appendingPathComponent("Package.swift"), encoding: .utf8) == "two\n")
        #expect(try String(contentsOf: target.appendingPathComponent("Sources/A/A.swift"), encoding: .utf8) == "a\n")
        #expect(try entries(target) == ["Package.swift", "Sources"])
        #expect(try entries(target.appendingPathComponent("Sources/A")) == ["A.swift"])
    }

    @Test func aFileThatCannotReplaceWhatIsThereFailsAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder("package-writer")
        defer { folder.remove() }
        // A folder where the file should go: the rename over it fails.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Package.swift/inside"), withIntermediateDirectories: true)
        #expect(throws: PackageWriter.Failure.self) {
            try PackageWriter(folder: folder.url, force: true).write([PackageFiles.File(path: "Package.swift", text: "x\n")])
        }
        #expect(try entries(folder.url) == ["Package.swift"])
    }
}
