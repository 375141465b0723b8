import Foundation
import HistoryStore

/// `apicheck-bench history`: fills an SQLite store with made-up runs up to `--findings` findings,
/// then times every `history` query over it, and states the store's size per run.
struct HistoryBench {
    let findings: Int
    let endpoints: Int
    let reps: Int
    /// An SQLite file (made afresh) or an empty PostgreSQL database.
    let location: HistoryLocation

    init(_ options: Options) throws {
        findings = try options.int("findings", default: 1_000_000)
        endpoints = try options.int("endpoints", default: 40)
        reps = try options.int("reps", default: 5)
        if let text = options.string("history") {
            location = try HistoryLocation(parsing: text, relativeTo: FileManager.default.currentDirectoryPath)
        } else {
            let path =
                options.string("store")
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-history-bench.sqlite").path
            location = HistoryLocation(sqlitePath: path)
        }
    }

    func run() throws -> String {
        if case let .sqlite(path) = location.kind {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try HistoryStore(location)
        guard try store.runCount() == 0 else { throw BenchError("\(location) already holds runs; give an empty database") }
        var maker = HistoryRuns(endpoints: endpoints)
        let clock = ContinuousClock()
        var stored = 0, runs = 0
        let start = Date().addingTimeInterval(-200 * 86400)
        let fillTime = try clock.measure {
            var batch: [HistoryRun] = []
            while stored < findings {
                let run = maker.run(at: start.addingTimeInterval(Double(runs) * 300), commit: String(format: "%08x", runs / 10))
                stored += run.findings.count
                runs += 1
                batch.append(run)
                if batch.count == 500 { try store.record(batch); batch.removeAll(keepingCapacity: true) }
            }
            if !batch.isEmpty { try store.record(batch) }
        }
        let size = store.sizeInBytes
        var lines = [
            "history store \(location.isPostgres ? "(PostgreSQL)" : "(SQLite)"): \(runs) runs, \(try store.findingCount()) findings, \(runs * (endpoints + 3)) results; "
                + "filled in \(fixed(fillTime.seconds, 1)) s",
            "store size: \(fixed(Double(size) / Double(1 << 20), 1)) MB, \(fixed(Double(size) / Double(runs) / 1024, 2)) KB per run",
            "query (median of \(reps), ms; max)",
        ]
        let queries: [(String, () throws -> Int)] = [
            ("runs --last 20", { try store.runs(last: 20, api: "bench").count }),
            ("runs --last 1000", { try store.runs(last: 1000, api: "bench").count }),
            ("flaky --last 20", { try store.flaky(last: 20, api: "bench").count }),
            ("flaky --last 200", { try store.flaky(last: 200, api: "bench").count }),
            ("pass-rate --last 20", { try store.verdicts(last: 20, api: "bench").count }),
            ("first-seen", { try store.firstSeen(api: "bench").count }),
            ("latency --last 20", { try store.latency(last: 20, api: "bench").count }),
            ("latency --last 200", { try store.latency(last: 200, api: "bench").count }),
            ("mock-age", { try store.mockAges(api: "bench").count }),
        ]
        for (name, query) in queries {
            var rows = 0
            let samples = try (0..<reps).map { _ in try clock.measure { rows = try query() }.seconds * 1000 }
            let spread = Spread(samples)
            lines.append(
                "  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(fixed(spread.median, 2)) ms  (max \(fixed(spread.max, 2)); \(rows) rows)"
            )
        }
        let pruneTime = try clock.measure { _ = try store.prune(before: start.addingTimeInterval(Double(runs / 10) * 300)) }
        lines.append("prune of the oldest tenth of the runs: \(fixed(pruneTime.seconds * 1000, 0)) ms")
        return lines.joined(separator: "\n")
    }
}
