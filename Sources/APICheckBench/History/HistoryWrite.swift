import Foundation
import HistoryStore

/// `apicheck-bench history-write --history URL --runs N --writer K [--start EPOCH]`: one of
/// several processes writing the same store at once (`ci/history-writers-check`,
/// `ci/history-postgres-check`), each run its own transaction. The runs depend only on the
/// writer and the start, so two stores given the same writers hold the same answers.
struct HistoryWrite {
    let location: HistoryLocation
    let runs: Int
    let writer: Int
    let start: Date

    init(_ options: Options) throws {
        guard let text = options.string("history") else { throw BenchError("history-write needs --history URL") }
        location = try HistoryLocation(parsing: text, relativeTo: FileManager.default.currentDirectoryPath)
        runs = try options.int("runs", default: 50)
        writer = try options.int("writer", default: 1)
        start = Date(timeIntervalSince1970: Double(try options.int("start", default: 1_800_000_000)))
    }

    func run() throws -> String {
        let store = try HistoryStore(location)
        var maker = HistoryRuns(endpoints: 12, random: SplitMix(seed: UInt64(writer)))
        var findings = 0
        for index in 0..<runs {
            // Writers interleave in time: run `index` of every writer falls in the same minute.
            let run = maker.run(at: start.addingTimeInterval(Double(index * 60 + writer)), commit: "w\(writer)-\(index / 10)")
            findings += run.findings.count
            try store.record(run)
        }
        return "writer \(writer): \(runs) runs, \(findings) findings"
    }
}
