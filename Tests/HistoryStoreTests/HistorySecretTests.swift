import APICheck
import Foundation
import HistoryStore
import TestSupport
import Testing

/// The secret proof runs over everything a run would store: a secret in any form it looks for
/// refuses the whole run, and nothing of it is written.
@Suite struct HistorySecretTests {
    static let token = "tok-4f9a8b7c6d5e"

    @Test(arguments: [token, Data(token.utf8).base64EncodedString(), token.uppercased()])
    func aRunHoldingASecretIsRefusedWhole(_ form: String) throws {
        let folder = try TemporaryFolder("history-secret")
        defer { folder.remove() }
        let store = try HistoryStore(HistoryLocation(sqlitePath: folder.appendingPathComponent("h.sqlite").path))
        let redactor = Redactor(fieldNames: [], secrets: [Self.token])
        var run = HistoryFixtures.run(at: 0, feedFails: true)
        run.findings[0].path = "$.datas['\(form)']"
        #expect(throws: HistoryError.self) { try store.record(run, provenBy: redactor) }
        #expect(try store.runCount() == 0)
        // The message says where, never the value.
        do { try store.record(run, provenBy: redactor) } catch { #expect(!"\(error)".contains(Self.token)) }
    }

    /// The proof covers every text of a run, not only its findings: the target, a result's
    /// outcome, a finding's code, the commit and the environment.
    @Test(arguments: ["base URL", "outcome", "code", "commit", "environment"])
    func aSecretAnywhereInTheRunIsRefused(_ place: String) throws {
        let folder = try TemporaryFolder("history-secret")
        defer { folder.remove() }
        let store = try HistoryStore(HistoryLocation(sqlitePath: folder.appendingPathComponent("h.sqlite").path))
        var run = HistoryFixtures.run(at: 0, feedFails: true)
        switch place {
        case "base URL": run.baseURL = "https://staging.example.com/t/\(Self.token)/Api/"
        case "outcome": run.results[0].classification = "failure(\(Self.token))"
        case "code": run.findings[0].code = Self.token
        case "commit": run.commit = Self.token
        default: run.environment = Self.token
        }
        #expect(throws: HistoryError.self) { try store.record(run, provenBy: Redactor(fieldNames: [], secrets: [Self.token])) }
        #expect(try store.runCount() == 0)
    }

    @Test func aCleanRunIsStored() throws {
        let folder = try TemporaryFolder("history-secret")
        defer { folder.remove() }
        let store = try HistoryStore(HistoryLocation(sqlitePath: folder.appendingPathComponent("h.sqlite").path))
        try store.record(HistoryFixtures.run(at: 0, feedFails: true), provenBy: Redactor(fieldNames: [], secrets: [Self.token]))
        #expect(try store.runCount() == 1)
    }
}
