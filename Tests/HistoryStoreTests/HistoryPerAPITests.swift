import APICheck
import Foundation
@testable import HistoryStore
import TestSupport
import Testing

/// One store shared by two services whose endpoints have the same names (`feed.list`,
/// `user.profile`, the same mock files): every query reads one API's runs only.
@Suite struct HistoryPerAPITests {
    static func store(_ folder: TemporaryFolder) throws -> HistoryStore {
        try HistoryStore(HistoryLocation(sqlitePath: folder.appendingPathComponent("history.sqlite").path))
    }

    /// `demo`'s feed flips ok/FAIL; `other`'s always passes, and its runs are the newer ones:
    /// the other API's runs must neither fill `demo`'s last N nor mix into its verdicts.
    static func interleaved(_ store: HistoryStore) throws {
        for (index, fails) in [false, true, false, true, false].enumerated() {
            try store.record(HistoryFixtures.run(at: Double(index) * 60, feedFails: fails, commit: "d\(index)"))
            try store.record(
                HistoryFixtures.run(at: Double(index) * 60 + 30, feedFails: false, feedMs: 500, commit: "o\(index)", api: "other"))
        }
    }

    @Test func runsFlakyAndPassRateReadTheLastRunsOfOneAPI() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try Self.interleaved(store)
        #expect(try store.apis() == ["demo", "other"])
        #expect(try store.runs(last: 2, api: "demo").map(\.commit) == ["d4", "d3"])
        #expect(try store.runs(last: 2, api: "demo").map(\.api) == ["demo", "demo"])
        #expect(try store.runs(last: 3, api: nil).map(\.commit) == ["o4", "d4", "o3"])
        #expect(try store.flaky(last: 10, api: "demo").map(\.statuses) == [["ok", "FAIL", "ok", "FAIL", "ok"]])
        #expect(try store.flaky(last: 10, api: "other").isEmpty)
        let feed = try #require(try store.verdicts(last: 4, api: "demo").first { $0.name == "feed.list" })
        #expect(feed.statuses == ["FAIL", "ok", "FAIL", "ok"])
        #expect(try store.verdicts(last: 10, api: "other").first { $0.name == "feed.list" }?.passRate == 1)
    }

    @Test func latencyReadsOneAPIsTimes() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try Self.interleaved(store)
        let demo = try #require(try store.latency(last: 2, api: "demo").first { $0.name == "feed.list" })
        #expect(demo.samples == 2)
        #expect(abs(demo.max - 40) < 0.001)
        #expect(abs((demo.previousP95 ?? 0) - 40) < 0.001)
        let other = try #require(try store.latency(last: 2, api: "other").first { $0.name == "feed.list" })
        #expect(abs(other.p50 - 500) < 0.001)
    }

    /// The other API had the same finding first, and its run is the newest: `demo`'s first-seen
    /// lists `demo`'s newest run's findings, each dated from `demo`'s first run with it.
    @Test func firstSeenIsTheAPIsNewestRunAndItsFirstRunWithTheFinding() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try store.record(HistoryFixtures.run(at: 0, feedFails: true, commit: "o0", api: "other"))
        try store.record(HistoryFixtures.run(at: 60, feedFails: true, commit: "d1"))
        try store.record(HistoryFixtures.run(at: 120, feedFails: true, commit: "d2"))
        try store.record(HistoryFixtures.run(at: 180, feedFails: false, commit: "o3", api: "other"))
        let seen = try store.firstSeen(api: "demo")
        #expect(seen.map(\.kind) == ["decode"])
        #expect(seen.first?.firstCommit == "d1")
        #expect(try store.firstSeen(api: "other").isEmpty)
    }

    @Test func mockAgeIsPerAPIForMocksOfTheSameName() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try store.record(HistoryFixtures.run(at: 0, feedFails: false, commit: "d0"))
        try store.record(HistoryFixtures.run(at: 60, feedFails: false, profileDrifts: true, commit: "o1", api: "other"))
        let demo = try store.mockAges(api: "demo")
        #expect(demo.first { $0.mock == "profile.json" }?.lastMatchedCommit == "d0")
        let other = try store.mockAges(api: "other")
        #expect(other.first { $0.mock == "profile.json" }?.lastMatchedCommit == nil)
        #expect(other.first { $0.mock == "feed.json" }?.lastMatchedCommit == "o1")
    }

    @Test func pruneWithAnAPIRemovesOnlyItsRuns() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try Self.interleaved(store)
        #expect(try store.prune(before: HistoryFixtures.start.addingTimeInterval(1000), api: "other") == 5)
        #expect(try store.runs(last: 20, api: nil).map(\.api).allSatisfy { $0 == "demo" })
        #expect(try store.runCount() == 5)
        #expect(try store.prune(before: HistoryFixtures.start.addingTimeInterval(1000)) == 5)
    }

    /// The HTML report of `demo`'s run: its sparklines count `demo`'s stored runs only, and its
    /// findings are dated from `demo`'s runs, not from the other API's earlier one.
    @Test func theHTMLHistoryOfAReportReadsItsOwnAPIsRuns() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let store = try Self.store(folder)
        try store.record(HistoryFixtures.run(at: 0, feedFails: true, commit: "o0", api: "other"))
        try store.record(HistoryFixtures.run(at: 60, feedFails: false, commit: "d1"))
        try store.record(HistoryFixtures.run(at: 120, feedFails: true, commit: "o2", api: "other"))
        let report = HistoryFixtures.report(at: 180, feedFails: true)
        let history = try store.history(before: report, last: 20)
        #expect(history.verdicts["feed.list"] == ["ok"])
        #expect(history.firstSeen.isEmpty, "\(history.firstSeen)")
        let other = try store.history(before: HistoryFixtures.report(at: 180, feedFails: true, api: "other"), last: 20)
        #expect(other.verdicts["feed.list"] == ["FAIL", "FAIL"])
        #expect(other.firstSeen.values.map(\.commit) == ["o0"])
    }

    /// A store of schema version 2 that two APIs wrote: each API gets the mocks its runs compared,
    /// with its own last match, and keeps them on the next run.
    @Test func aVersion2StoreOfTwoAPIsGivesEachAPIItsMocks() throws {
        let folder = try TemporaryFolder("history-api")
        defer { folder.remove() }
        let path = folder.appendingPathComponent("history.sqlite").path
        let store = try HistoryStore(HistoryLocation(sqlitePath: path))
        try store.record(HistoryFixtures.run(at: 0, feedFails: false, commit: "d0"))
        try store.record(HistoryFixtures.run(at: 60, feedFails: false, profileDrifts: true, commit: "o1", api: "other"))
        // Back to version 2: one row per mock, keyed by its name, the last match of either API.
        try store.connection.execute(
            """
            DROP INDEX runs_api_started_at;
            CREATE TABLE mocks2(name TEXT PRIMARY KEY, first_compared_at REAL NOT NULL, last_compared_at REAL NOT NULL,
                                last_matched_at REAL, last_matched_run TEXT, last_matched_commit TEXT);
            INSERT INTO mocks2 SELECT name, min(first_compared_at), max(last_compared_at), max(last_matched_at), NULL, 'mixed'
                FROM mocks GROUP BY name;
            INSERT INTO mocks2 VALUES('gone.json', 5, 5, NULL, NULL, NULL);
            DROP TABLE mocks;
            ALTER TABLE mocks2 RENAME TO mocks;
            UPDATE schema_version SET version = 2;
            """)
        let migrated = try HistoryStore(HistoryLocation(sqlitePath: path))
        #expect(try migrated.connection.query("SELECT version FROM schema_version") { $0.int(0) } == [HistoryStore.schemaVersion])
        let demo = try migrated.mockAges(api: "demo")
        #expect(demo.first { $0.mock == "profile.json" }?.lastMatchedCommit == "d0")
        let other = try migrated.mockAges(api: "other")
        #expect(other.first { $0.mock == "profile.json" }?.lastMatchedAt == nil)
        #expect(other.first { $0.mock == "feed.json" }?.lastMatchedCommit == "o1")
        // A mock no kept run compared goes to both.
        #expect(demo.contains { $0.mock == "gone.json" } && other.contains { $0.mock == "gone.json" })
        try migrated.record(HistoryFixtures.run(at: 120, feedFails: false, commit: "d2"))
        #expect(try migrated.mockAges(api: "demo").first { $0.mock == "profile.json" }?.lastMatchedCommit == "d2")
        #expect(try migrated.mockAges(api: "other").first { $0.mock == "profile.json" }?.lastMatchedAt == nil)
    }
}
