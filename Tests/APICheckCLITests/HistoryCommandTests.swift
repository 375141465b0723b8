import APICheck
import Foundation
import TestSupport
import Testing

/// `live --history` keeps the run, and `history` reads it back, through the command line.
@Suite struct HistoryCommandTests {
    @Test func aLiveRunIsKeptAndEveryQueryAnswers() async throws {
        let folder = try TemporaryFolder("history-command")
        defer { folder.remove() }
        let store = "sqlite:" + folder.appendingPathComponent("h.sqlite").path
        var environment = LiveHarness.credentials
        environment["GITHUB_SHA"] = "feedc0de1234"
        let live = await LiveHarness.cli(["live", "--history", store, "--report", "json"], environment: environment)
        #expect(live.code == 0, "\(live.err)")

        let runs = await LiveHarness.cli(["history", "runs", "--history", store, "--json"])
        #expect(runs.code == 0, "\(runs.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(runs.out.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "apicheck-history/1")
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["verdict"] as? String == "holds")
        #expect(rows.first?["commit"] as? String == "feedc0de1234")
        // The sandbox's password never reaches the store, in any query's answer.
        for query in ["runs", "flaky", "first-seen", "latency", "mock-age", "pass-rate"] {
            for format in [[], ["--json"]] {
                let answer = await LiveHarness.cli(["history", query, "--history", store] + format)
                #expect(answer.code == 0, "\(query): \(answer.err)")
                #expect(!answer.out.contains(LiveHarness.credentials["APICHECK_PASSWORD"]!), "\(query)")
            }
        }
        let ages = await LiveHarness.cli(["history", "mock-age", "--history", store])
        #expect(ages.out.contains("home_timeline.json"), "\(ages.out)")
        let prune = await LiveHarness.cli(["history", "prune", "--keep", "90d", "--history", store])
        #expect(prune.code == 0, "\(prune.err)")
        #expect(prune.out.hasPrefix("removed 0 runs"), "\(prune.out)")
    }

    @Test func aRecordingIsKeptAsARecordRun() async throws {
        let folder = try TemporaryFolder("history-command")
        defer { folder.remove() }
        let store = "sqlite:" + folder.appendingPathComponent("h.sqlite").path
        let mocks = folder.appendingPathComponent("mocks")
        try FileManager.default.createDirectory(at: mocks, withIntermediateDirectories: true)
        let record = await LiveHarness.cli(["record", "--mocks", mocks.path, "--history", store])
        #expect(record.code == 0, "\(record.err)")
        let runs = await LiveHarness.cli(["history", "runs", "--history", store])
        #expect(runs.code == 0, "\(runs.err)")
        #expect(runs.out.contains(" record "), "\(runs.out)")
    }

    @Test(arguments: [
        (["history", "runs"], "--history"),
        (["history", "flakey", "--history", "sqlite:/tmp/x.sqlite"], "did you mean 'flaky'"),
        (["history", "prune", "--history", "sqlite:/tmp/x.sqlite"], "--keep"),
        (["history", "runs", "--history", "postgres://127.0.0.1:1/x"], "PostgreSQL error"),
        (["history", "runs", "--history", "sqlite:/nonexistent/folder/h.sqlite"], "no history store"),
    ])
    func aBadQueryOrStoreIsAUsageError(_ arguments: [String], _ message: String) async {
        let result = await LiveHarness.cli(arguments, environment: [:])
        #expect(result.code == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }
}
