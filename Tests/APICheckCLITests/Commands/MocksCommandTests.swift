import APICheck
import Foundation
import TestSupport
import Testing

/// `apicheck mocks`: what its findings weigh and the exit code they give.
@Suite struct MocksCommandTests {
    /// A copy of the shipped mocks with `extra` files added (name → copied from, or nil for text).
    func mocksWith(_ extra: [(name: String, copyOf: String?)]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("apicheck-mocks-command")
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: LiveHarness.mocks, to: folder.url)
        for file in extra {
            if let source = file.copyOf {
                try FileManager.default.copyItem(at: folder.appendingPathComponent(source), to: folder.appendingPathComponent(file.name))
            } else {
                try Data("notes\n".utf8).write(to: folder.appendingPathComponent(file.name))
            }
        }
        return folder
    }

    func findings(_ output: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(json["runFindings"] as? [[String: Any]])
    }

    /// An orphan is an error: a mock nobody replays is a test that silently stopped testing, and
    /// the audit gates CI on it (exit 1, a contract problem, not a usage one).
    @Test(
        arguments: [
            ("README.txt", nil),  // not a mock file at all
            ("old_feed.json", "topics.json"),  // no endpoint has mock: "old_feed"
            ("status_show@not_found.404.json", "status_show@not_found.json"),  // shadows a variant
        ] as [(String, String?)])
    func anOrphanMockIsAnErrorAndFailsTheRun(_ name: String, _ copyOf: String?) async throws {
        let folder = try mocksWith([(name, copyOf)])
        defer { folder.remove() }

        let result = await LiveHarness.cli(["mocks", "--mocks", folder.url.path, "--report", "json"])
        let run = try findings(result.out)

        #expect(result.code == 1, "\(result.err)")
        #expect(run.count == 1, "\(run)")
        let orphan = try #require(run.first)
        #expect(orphan["kind"] as? String == "orphan-mock")
        #expect(orphan["severity"] as? String == "error")
    }

    @Test func theShippedMocksPassWithExitZero() async throws {
        let folder = try mocksWith([])
        defer { folder.remove() }

        let result = await LiveHarness.cli(["mocks", "--mocks", folder.url.path, "--report", "json"])

        #expect(result.code == 0, "\(result.err)")
        #expect(try findings(result.out).isEmpty)
    }
}
