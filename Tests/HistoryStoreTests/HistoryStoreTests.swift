import APICheck
import Foundation
import HistoryStore
import TestSupport
import Testing

/// The store over SQLite: what a run keeps, and each query's answer on known runs.
@Suite struct HistoryStoreTests {
    static func store(_ folder: TemporaryFolder) throws -> HistoryStore {
        try HistoryStore(HistoryLocation(sqlitePath: folder.appendingPathComponent("history.sqlite").path))
    }

    @Test func keepsARunWithoutCredentialsInItsBaseURL() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try store.record(HistoryFixtures.run(at: 0, feedFails: true, commit: "abc123"))
        let runs = try store.runs(last: 10, api: "demo")
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run.baseURL == "https://staging.example.com/Api/")
        #expect(run.verdict == "violated")
        #expect(run.commit == "abc123")
        #expect(run.environment == "staging")
        #expect(run.endpoints == 2 && run.endpointsPassed == 1 && run.errors == 1)
        #expect(try store.findingCount() == 1)
    }

    @Test func theReportsRunIDIsKeptBesideEachRowsOwn() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        // Two shards of one CI run share the report's run id; each is a row of its own.
        for (index, shard) in [(1, 2), (2, 2)].enumerated() {
            var report = HistoryFixtures.report(at: Double(index), feedFails: false)
            report.runID = "pipeline-7"
            report.shard = Shard(index: shard.0, count: shard.1)
            try store.record(HistoryRun(report: report, apiHash: "0123456789abcdef", commit: nil, tool: "apicheck test", environment: nil))
        }
        try store.record(HistoryFixtures.run(at: 5, feedFails: false))
        let runs = try store.runs(last: 10, api: "demo")
        #expect(runs.map(\.reportRunID) == [nil, "pipeline-7", "pipeline-7"])
        #expect(Set(runs.map(\.runID)).count == 3)
        #expect(runs.map(\.shard) == [nil, "2/2", "1/2"])
    }

    @Test func flakyIsAnEndpointThatFlippedTwiceAndPassRateCountsChecks() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        // feed: ok FAIL ok FAIL ok (four flips); profile always ok.
        for (index, fails) in [false, true, false, true, false].enumerated() {
            try store.record(HistoryFixtures.run(at: Double(index) * 60, feedFails: fails))
        }
        let flaky = try store.flaky(last: 10, api: "demo")
        #expect(flaky.map(\.name) == ["feed.list"])
        #expect(flaky.first?.flips == 4)
        #expect(flaky.first?.statuses == ["ok", "FAIL", "ok", "FAIL", "ok"])
        let verdicts = try store.verdicts(last: 10, api: "demo")
        let feed = try #require(verdicts.first { $0.name == "feed.list" })
        #expect(feed.passRate == 0.6)
        #expect(verdicts.first { $0.name == "user.profile" }?.passRate == 1)
        // The last two runs hold one flip only: not flaky there.
        #expect(try store.flaky(last: 2, api: "demo").isEmpty)
    }

    @Test func firstSeenNamesTheFirstRunAndCommitOfEachCurrentFinding() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try store.record(HistoryFixtures.run(at: 0, feedFails: false, commit: "c0"))
        try store.record(HistoryFixtures.run(at: 60, feedFails: true, commit: "c1"))
        try store.record(HistoryFixtures.run(at: 120, feedFails: true, profileDrifts: true, commit: "c2"))
        let seen = try store.firstSeen(api: "demo")
        #expect(seen.count == 2)
        let decode = try #require(seen.first { $0.kind == "decode" })
        #expect(decode.firstCommit == "c1")
        #expect(decode.path == "$.datas[0].user.name")
        #expect(decode.firstSeenAt == HistoryFixtures.start.addingTimeInterval(60))
        #expect(seen.first { $0.kind == "drift-added" }?.firstCommit == "c2")
    }

    @Test func latencyGivesPercentilesOfTheLastRunsBesideTheOnesBefore() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        for index in 0..<4 {
            try store.record(HistoryFixtures.run(at: Double(index) * 60, feedFails: false, feedMs: Double(10 + 10 * index)))
        }
        let feed = try #require(try store.latency(last: 2, api: "demo").first { $0.name == "feed.list" })
        #expect(feed.samples == 2)
        #expect(abs(feed.p50 - 30) < 0.001)
        #expect(abs(feed.p95 - 40) < 0.001)
        #expect(abs((feed.previousP95 ?? 0) - 20) < 0.001)
    }

    @Test func mockAgeIsTheLastRunWhoseAnswerMatchedTheMock() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try store.record(HistoryFixtures.run(at: 0, feedFails: false, commit: "m0"))
        try store.record(HistoryFixtures.run(at: 60, feedFails: true, profileDrifts: true, commit: "m1"))
        let ages = try store.mockAges(api: "demo")
        #expect(Set(ages.map(\.mock)) == ["feed.json", "profile.json"])
        let profile = try #require(ages.first { $0.mock == "profile.json" })
        // The drift finding names the file by its path on the runner; the store by the file.
        #expect(profile.lastMatchedCommit == "m0")
        #expect(profile.lastComparedAt == HistoryFixtures.start.addingTimeInterval(60))
        #expect(ages.first { $0.mock == "feed.json" }?.lastMatchedCommit == "m0")
    }

    @Test func pruneRemovesOldRunsWithTheirFindings() throws {
        let folder = try TemporaryFolder("history-store")
        defer { folder.remove() }
        let store = try Self.store(folder)
        for index in 0..<5 { try store.record(HistoryFixtures.run(at: Double(index) * 86400, feedFails: true)) }
        let removed = try store.prune(before: HistoryFixtures.start.addingTimeInterval(2 * 86400))
        #expect(removed == 2)
        #expect(try store.runCount() == 3)
        #expect(try store.findingCount() == 3)
    }
}
