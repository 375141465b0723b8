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

    @Test func aCleanRunIsStored() throws {
        let folder = try TemporaryFolder("history-secret")
        defer { folder.remove() }
        let store = try HistoryStore(HistoryLocation(sqlitePath: folder.appendingPathComponent("h.sqlite").path))
        try store.record(HistoryFixtures.run(at: 0, feedFails: true), provenBy: Redactor(fieldNames: [], secrets: [Self.token]))
        #expect(try store.runCount() == 1)
    }
}
