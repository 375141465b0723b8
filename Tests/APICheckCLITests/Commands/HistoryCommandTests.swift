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
        let live = await LiveHarness.cli(
            ["live", "--history", store, "--report", "json", "--run-id", "pipeline-77"], environment: environment)
        #expect(live.code == 0, "\(live.err)")

        let runs = await LiveHarness.cli(["history", "runs", "--history", store, "--json"])
        #expect(runs.code == 0, "\(runs.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(runs.out.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "apicheck-history/1")
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["verdict"] as? String == "holds")
        #expect(rows.first?["commit"] as? String == "feedc0de1234")
        #expect(rows.first?["reportRunId"] as? String == "pipeline-77")
        #expect(rows.first?["runId"] as? String != "pipeline-77")
        let text = await LiveHarness.cli(["history", "runs", "--history", store])
        #expect(text.out.contains("report run"), "\(text.out)")
        #expect(text.out.contains(" pipeline-77 "), "\(text.out)")
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

    /// `--report html` with `--history`: each endpoint's row shows its verdicts in the stored runs
    /// before this one, and this run's; without a store the page has no history column.
    @Test func anHTMLReportShowsEachEndpointsHistoryFromTheStore() async throws {
        let folder = try TemporaryFolder("history-html")
        defer { folder.remove() }
        let store = "sqlite:" + folder.appendingPathComponent("h.sqlite").path
        let page = folder.appendingPathComponent("report.html")
        for _ in 0..<2 {
            let live = await LiveHarness.cli([
                "live", "--only", "topics.list,config.main", "--history", store, "--report", "html:\(page.path)",
            ])
            #expect(live.code == 0, "\(live.err)")
        }
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<th>last \(20) runs</th>"), "\(html)")
        #expect(html.contains("aria-label=\"1 of 1 earlier runs passed; this run ok\""), "\(html)")
        let bare = await LiveHarness.cli(["live", "--only", "topics.list", "--report", "html:\(page.path)"])
        #expect(bare.code == 0, "\(bare.err)")
        #expect(!(try String(contentsOf: page, encoding: .utf8)).contains("class=\"spark\""))
    }

    /// Two shards' reports, merged with --history: one run of the whole, under the shards' run id.
    @Test func aMergedRunIsKeptOnceUnderItsShardsRunID() async throws {
        let folder = try TemporaryFolder("history-merge")
        defer { folder.remove() }
        let store = "sqlite:" + folder.appendingPathComponent("h.sqlite").path
        var environment = LiveHarness.credentials
        environment["APICHECK_RUN_ID"] = "pipeline-merge-9"
        var files: [String] = []
        for shard in 1...2 {
            let file = folder.appendingPathComponent("shard\(shard).json").path
            let live = await LiveHarness.cli(["live", "--shard", "\(shard)/2", "--report", "json:\(file)"], environment: environment)
            #expect(live.code == 0, "\(live.err)")
            files.append(file)
        }
        let merged = folder.appendingPathComponent("merged.json").path
        let merge = await LiveHarness.cli(["merge"] + files + ["--history", store, "--report", "json:\(merged)"], environment: environment)
        #expect(merge.code == 0, "\(merge.err)")

        let runs = await LiveHarness.cli(["history", "runs", "--history", store, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(runs.out.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 1, "one run, not one per shard: \(runs.out)")
        let row = try #require(rows.first)
        #expect(row["reportRunId"] as? String == "pipeline-merge-9")
        #expect(row["shard"] is NSNull)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: merged))) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(row["endpoints"] as? Int == summary["endpoints"] as? Int)
        #expect((row["endpoints"] as? Int ?? 0) > 2)
        // Both shards' endpoints, and the mocks their answers were compared with.
        let passRate = await LiveHarness.cli(["history", "pass-rate", "--history", store, "--json"])
        let rates = try #require(try JSONSerialization.jsonObject(with: Data(passRate.out.utf8)) as? [String: Any])
        #expect((rates["rows"] as? [Any])?.count ?? 0 >= row["endpoints"] as? Int ?? 0)
        let ages = await LiveHarness.cli(["history", "mock-age", "--history", store])
        #expect(ages.out.contains("home_timeline.json"), "\(ages.out)")
    }

    /// A shard report that holds the password (written by hand, or by another tool): the merged
    /// run is not kept, and the history says why without the value.
    @Test func aMergedRunThatWouldStoreThePasswordIsRefused() async throws {
        let folder = try TemporaryFolder("history-merge")
        defer { folder.remove() }
        let path = folder.appendingPathComponent("h.sqlite").path
        let password = try #require(LiveHarness.credentials["APICHECK_PASSWORD"])
        let file = folder.appendingPathComponent("run.json").path
        let live = await LiveHarness.cli(["live", "--report", "json:\(file)"])
        #expect(live.code == 0, "\(live.err)")
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        report["target"] = "http://127.0.0.1:9/Api/\(password)/"
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: file))
        let merge = await LiveHarness.cli([
            "merge", file, "--history", "sqlite:" + path, "--report", "json:" + folder.appendingPathComponent("m.json").path,
        ])
        #expect(merge.code == 2, "\(merge.err)")
        #expect(merge.err.contains("secret"), "\(merge.err)")
        #expect(!merge.err.contains(password))
        let runs = await LiveHarness.cli(["history", "runs", "--history", "sqlite:" + path, "--json"])
        #expect(runs.out.contains("\"rows\": []") || runs.out.contains("\"rows\":[]"), "\(runs.out)")
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
