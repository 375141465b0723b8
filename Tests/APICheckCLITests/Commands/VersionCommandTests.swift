@testable import APICheckCLI
import Contracts
import Foundation
import TestSupport
import Testing

/// `apicheck version` and `--version`: the version and the commit the build was made from, which
/// the CommitStamp plugin's script stamps into the build ("unknown" outside a git checkout).
@Suite struct VersionCommandTests {
    func run(_ arguments: [String], tool: String = "apicheck") async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api, name: tool).run(arguments, console: console, environment: [:])
        return (code, captured.out, captured.err)
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        try Shell.run("/usr/bin/env", ["git", "-C", folder.path] + arguments).out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func versionAndTheOptionSayTheSame() async {
        let command = await run(["version"]), option = await run(["--version"])
        #expect(command.code == 0)
        #expect(option.code == 0)
        #expect(command.out == option.out)
        #expect(command.err == "")
        #expect(command.out.hasPrefix("apicheck \(VersionCommand.number) (commit "))
    }

    /// The build under test was made from this folder: its commit is the checkout's HEAD, or
    /// "unknown" when the folder is no checkout of its own (a copy, an archive).
    @Test func theStampedCommitIsTheCheckoutsHead() throws {
        let root = RepositoryPaths.root.resolvingSymlinksInPath().path
        let top = try Shell.run("/usr/bin/env", ["git", "-C", root, "rev-parse", "--show-toplevel"], check: false)
        if top.status == 0, top.out.trimmingCharacters(in: .whitespacesAndNewlines) == root {
            #expect(BuildStamp.commit == (try Self.git(["rev-parse", "HEAD"], in: RepositoryPaths.root)))
        } else {
            #expect(BuildStamp.commit == "unknown")
        }
    }

    @Test func aPackagesOwnToolSaysWhatItIsBuiltOn() async {
        let result = await run(["--version"], tool: "shop")
        #expect(result.out.hasPrefix("shop, built on apicheck \(VersionCommand.number) (commit "))
        #expect(
            VersionCommand.line(tool: "apicheck", commit: "unknown", modified: false)
                == "apicheck \(VersionCommand.number) (commit unknown)")
        #expect(
            VersionCommand.line(tool: "apicheck", commit: "abc", modified: true)
                == "apicheck \(VersionCommand.number) (commit abc, with uncommitted changes)")
    }

    /// The plugin's script: "unknown" outside a checkout, the commit inside one, and whether
    /// tracked files changed since.
    @Test func theStampScriptReadsTheCheckout() throws {
        let folder = try TemporaryFolder("stamp")
        defer { folder.remove() }
        let script = RepositoryPaths.root.appendingPathComponent("Sources/CommitStamp/stamp.sh").path
        let output = folder.appendingPathComponent("BuildStamp.swift")
        func stamp(_ package: URL) throws -> String {
            _ = try Shell.run("/bin/sh", [script, package.path, output.path])
            return try String(contentsOf: output, encoding: .utf8)
        }
        let package = folder.appendingPathComponent("package")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        #expect(try stamp(package).contains(#"static let commit = "unknown""#))

        _ = try Self.git(["init", "-q"], in: package)
        try Data("one".utf8).write(to: package.appendingPathComponent("a.txt"))
        _ = try Self.git(["add", "a.txt"], in: package)
        _ = try Self.git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "one"], in: package)
        let head = try Self.git(["rev-parse", "HEAD"], in: package)
        let clean = try stamp(package)
        #expect(clean.contains("static let commit = \"\(head)\""))
        #expect(clean.contains("static let modified = false"))
        try Data("two".utf8).write(to: package.appendingPathComponent("a.txt"))
        #expect(try stamp(package).contains("static let modified = true"))

        // A folder inside another checkout is not that checkout's commit.
        let inner = package.appendingPathComponent("vendored")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        #expect(try stamp(inner).contains(#"static let commit = "unknown""#))
    }
}
