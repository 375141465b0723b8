import Dispatch
import Foundation
import HistoryStore
import TestSupport
import Testing

/// Eight connections writing one file at once lose no row: each run is one transaction, retried
/// while another writer holds the lock. (`ci/history-writers-check` does the same with eight
/// processes.)
@Suite struct ConcurrentWritersTests {
    @Test func eightWritersAtOnceLoseNoRun() throws {
        let folder = try TemporaryFolder("history-writers")
        defer { folder.remove() }
        let location = HistoryLocation(sqlitePath: folder.appendingPathComponent("h.sqlite").path)
        let writers = 8, runsEach = 25
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            do {
                // Each writer opens the new file itself: making the schema is contended too.
                let store = try HistoryStore(location)
                for index in 0..<runsEach {
                    try store.record(HistoryFixtures.run(at: Double(writer * 1000 + index), feedFails: index % 2 == 0))
                }
            } catch {
                failures.add("writer \(writer): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let store = try HistoryStore(location)
        #expect(try store.runCount() == writers * runsEach)
        // One decode finding in every other run of each writer.
        #expect(try store.findingCount() == writers * ((runsEach + 1) / 2))
    }
}

/// Errors gathered from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
