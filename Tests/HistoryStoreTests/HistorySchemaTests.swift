import Foundation
@testable import HistoryStore
import TestSupport
import Testing

/// Opening a store: a new file gets the current schema; a newer one is refused, said clearly.
@Suite struct HistorySchemaTests {
    @Test func aNewFileIsMadeAtTheCurrentVersionAndOpensAgain() throws {
        let folder = try TemporaryFolder("history-schema")
        defer { folder.remove() }
        let location = HistoryLocation(sqlitePath: folder.appendingPathComponent("h.sqlite").path)
        try HistoryStore(location).record(HistoryFixtures.run(at: 0, feedFails: false))
        let reopened = try HistoryStore(location)
        #expect(try reopened.runCount() == 1)
        #expect(try reopened.connection.query("SELECT version FROM schema_version") { $0.int(0) } == [HistoryStore.schemaVersion])
    }

    /// `Tests/HistoryFixtures/history-schema-1.sqlite`: three `apicheck live` runs against the
    /// sandbox written by the apicheck of schema version 1 (one with a drift warning).
    @Test func aStoreOfSchemaVersion1IsMigratedAndKeepsItsRows() throws {
        let folder = try TemporaryFolder("history-schema")
        defer { folder.remove() }
        let path = folder.appendingPathComponent("h.sqlite").path
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.root.appendingPathComponent("Tests/HistoryFixtures/history-schema-1.sqlite").path,
            toPath: path)
        let store = try HistoryStore(HistoryLocation(sqlitePath: path))
        #expect(try store.connection.query("SELECT version FROM schema_version") { $0.int(0) } == [HistoryStore.schemaVersion])
        #expect(try store.connection.query("SELECT name FROM sqlite_master WHERE name = 'runs_report_run_id'") { $0.text(0) }.count == 1)
        let old = try store.runs(last: 10, api: "demo")
        #expect(old.map(\.commit) == ["c0ffee3", "c0ffee2", "c0ffee1"])
        #expect(old.allSatisfy { $0.reportRunID == nil })
        #expect(try store.findingCount() == 1)
        #expect(try store.firstSeen(api: "demo").map(\.path) == ["$.datas[*].legacyRank"])
        #expect(try store.mockAges(api: "demo").count == 11)

        var run = HistoryFixtures.run(at: 0, feedFails: false, commit: "c0ffee4")
        run.startedAt = Date()
        run.reportRunID = "pipeline-414"
        try store.record(run)
        let reopened = try HistoryStore(HistoryLocation(sqlitePath: path))
        let runs = try reopened.runs(last: 10, api: "demo")
        #expect(runs.count == 4)
        #expect(runs.first?.reportRunID == "pipeline-414")
        #expect(runs.first?.commit == "c0ffee4")
    }

    @Test func aStoreWrittenByANewerVersionIsRefusedNamingBothVersions() throws {
        let folder = try TemporaryFolder("history-schema")
        defer { folder.remove() }
        let path = folder.appendingPathComponent("h.sqlite").path
        try HistoryStore(HistoryLocation(sqlitePath: path)).connection.run("UPDATE schema_version SET version = 99")
        do {
            _ = try HistoryStore(HistoryLocation(sqlitePath: path))
            Issue.record("a store of schema version 99 was opened")
        } catch let error as HistoryError {
            #expect(error.reason == .newerSchema(found: 99, supported: HistoryStore.schemaVersion))
            #expect(error.description.contains("newer apicheck"), "\(error)")
            #expect(error.description.contains(path), "\(error)")
        }
    }

    @Test(arguments: ["mysql:x", "sqlite:", "h.sqlite"])
    func aStoreThisBuildCannotUseIsRefused(_ text: String) {
        #expect(throws: HistoryError.self) { try HistoryLocation(parsing: text, relativeTo: "/tmp") }
    }

    @Test func aRelativePathIsTakenAgainstTheWorkingDirectory() throws {
        #expect(try HistoryLocation(parsing: "sqlite:h.sqlite", relativeTo: "/work").kind == .sqlite(path: "/work/h.sqlite"))
        #expect(try HistoryLocation(parsing: "sqlite:///tmp/h.sqlite", relativeTo: "/work").kind == .sqlite(path: "/tmp/h.sqlite"))
    }

    @Test func aPostgreSQLPasswordIsNeverShown() throws {
        let location = try HistoryLocation(parsing: "postgres://ci:s3cr3t-pw@127.0.0.1:1/history", relativeTo: "/work")
        #expect(location.kind == .postgres(url: "postgres://ci:s3cr3t-pw@127.0.0.1:1/history"))
        #expect(!location.description.contains("s3cr3t-pw"), "\(location)")
        // Nothing listens on port 1: the failure names the store, without the password.
        do {
            _ = try HistoryStore(location)
            Issue.record("connected to 127.0.0.1:1")
        } catch {
            #expect("\(error)".contains("PostgreSQL"), "\(error)")
            #expect(!"\(error)".contains("s3cr3t-pw"), "\(error)")
        }
    }
}
