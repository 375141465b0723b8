import Foundation
import HistoryStore

/// `apicheck-bench history-write --store PATH --runs N --writer K`: one of several processes
/// writing the same store at once (`ci/history-writers-check`), each run its own transaction.
struct HistoryWrite {
    let path: String
    let runs: Int
    let writer: Int

    init(_ options: Options) throws {
        guard let path = options.string("store") else { throw BenchError("history-write needs --store PATH") }
        self.path = path
        runs = try options.int("runs", default: 50)
        writer = try options.int("writer", default: 1)
    }

    func run() throws -> String {
        let store = try HistoryStore(HistoryLocation(sqlitePath: path))
        var maker = HistoryRuns(endpoints: 12, random: SplitMix(seed: UInt64(writer)))
        var findings = 0
        for index in 0..<runs {
            let run = maker.run(at: Date().addingTimeInterval(Double(index)), commit: "writer\(writer)")
            findings += run.findings.count
            try store.record(run)
        }
        return "writer \(writer): \(runs) runs, \(findings) findings"
    }
}
