import Foundation
import Testing
import TestSupport

/// `ci/api_gate.py`, the decision of `ci/api-check`: a break `diagnose-api-breaking-changes`
/// reports passes only when CHANGELOG.md's Unreleased section quotes it.
@Suite struct APIGateScriptTests {
    static let script = RepositoryPaths.root.appendingPathComponent("ci/api_gate.py").path

    static let toolOutput = """
        Building for debugging...
        Build complete! (14.36s)

        1 breaking change detected in URLSessionClient:
          💔 API breakage: func URLSessionTransport.shutdown() has been removed

        No breaking changes detected in APICheck
        """

    static func changelog(unreleased: String, released: String = "") -> String {
        "# Changelog\n\n## [Unreleased]\n\n### Breaking\n\n\(unreleased)\n\n## [0.1.0] - 2026-12-04\n\n\(released)\n"
    }

    func gate(output: String, exitCode: Int, changelog: String) throws -> (status: Int32, err: String) {
        let folder = try TemporaryFolder("api-gate")
        defer { folder.remove() }
        let outputFile = folder.appendingPathComponent("tool.txt"), changelogFile = folder.appendingPathComponent("CHANGELOG.md")
        try output.write(to: outputFile, atomically: true, encoding: .utf8)
        try changelog.write(to: changelogFile, atomically: true, encoding: .utf8)
        let result = try Shell.run(
            "/usr/bin/env", ["python3", Self.script, outputFile.path, String(exitCode), "v0.1.0", changelogFile.path],
            check: false)
        return (result.status, result.err)
    }

    @Test func aBreakNamedUnderUnreleasedPasses() throws {
        let log = Self.changelog(unreleased: "- `func URLSessionTransport.shutdown() has been removed`: released with the transport.")
        let result = try gate(output: Self.toolOutput, exitCode: 1, changelog: log)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("intended, named in CHANGELOG.md: func URLSessionTransport.shutdown() has been removed"))
    }

    @Test func aBreakNobodyNamedFailsAndSaysWhatToWrite() throws {
        let result = try gate(output: Self.toolOutput, exitCode: 1, changelog: Self.changelog(unreleased: "None yet."))
        #expect(result.status == 1)
        #expect(result.err.contains("BREAK not named in CHANGELOG.md: func URLSessionTransport.shutdown() has been removed"))
        #expect(result.err.contains("- `func URLSessionTransport.shutdown() has been removed`: <why, and what to use instead>"))
    }

    @Test func aBreakNamedOnlyUnderAnEarlierReleaseFails() throws {
        let log = Self.changelog(
            unreleased: "None yet.",
            released: "- `func URLSessionTransport.shutdown() has been removed`: an older break.")
        let result = try gate(output: Self.toolOutput, exitCode: 1, changelog: log)
        #expect(result.status == 1, "\(result.err)")
    }

    @Test func aToolThatFailedWithoutNamingABreakFails() throws {
        let output = "error: the baseline at v0.1.0 did not build\n"
        let result = try gate(output: output, exitCode: 1, changelog: Self.changelog(unreleased: "None yet."))
        #expect(result.status == 1)
        #expect(result.err.contains("failed (exit 1) without naming a break"))
    }

    @Test func noBreakPasses() throws {
        let output = "No breaking changes detected in APICheck\n"
        let result = try gate(output: output, exitCode: 0, changelog: Self.changelog(unreleased: "None yet."))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("no breaking change against v0.1.0"))
    }
}
