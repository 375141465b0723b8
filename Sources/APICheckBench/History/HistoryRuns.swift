import APICheck
import Foundation
import HistoryStore

/// Made-up runs for the history benches, as `apicheck live` reports them: a fixed set of
/// endpoints, some always drifting from their mocks, some failing now and then, times that vary.
struct HistoryRuns {
    let endpoints: Int
    var random = SplitMix(seed: 42)

    /// About `findingsPerRun` findings per run: a few recurring drift warnings, and decode errors
    /// on the endpoints that fail this time.
    mutating func run(at date: Date, commit: String) -> HistoryRun {
        var results: [CheckResult] = []
        for index in 0..<endpoints {
            let id = "group\(index % 7).endpoint\(index)"
            var findings: [Finding] = []
            // One endpoint in four is flaky: it fails one run in five.
            if index % 4 == 0, random.next() % 5 == 0 {
                for field in 0..<8 {
                    findings.append(
                        Finding(
                            kind: .decode, severity: .error, endpoint: id, path: JSONPath(parsing: "$.datas.items[0].f\(field)"),
                            expected: "String", found: "null", message: "expected String, found null"))
                }
            }
            // One in three carries drift its mock has not caught up with.
            if index % 3 == 0 {
                for field in 0..<4 {
                    findings.append(
                        Finding(
                            kind: .driftAdded, severity: .warning, endpoint: id,
                            path: JSONPath(parsing: "$.datas.extra\(field)"), message: "added", file: "mocks/endpoint\(index).json"))
                }
            }
            let total = 0.02 + Double(random.next() % 1000) / 20000
            results.append(
                CheckResult(
                    name: id, role: .endpoint, endpoint: id, method: "GET", path: "endpoint/\(index)", status: 200,
                    classification: "success", timings: Timings(dns: 0.001, connect: 0.002, firstByte: total * 0.9, total: total),
                    findings: findings))
        }
        for probe in 0..<3 {
            results.append(
                CheckResult(
                    name: "probe token-expired group0.endpoint\(probe)", role: .probe, endpoint: "group0.endpoint\(probe)",
                    method: "GET", path: "endpoint/\(probe)", status: 403, classification: "tokenExpired",
                    timings: Timings(total: 0.01)))
        }
        var report = Report(
            command: .live, api: "bench", target: "https://staging.example.com/Api/", startedAt: date, duration: 1.5,
            concurrency: 8, results: results)
        // The pipeline's id, as CI gives every job of a run.
        report.runID = "pipeline-" + commit
        var mocks: [String: String] = [:]
        for index in 0..<endpoints { mocks["group\(index % 7).endpoint\(index)"] = "endpoint\(index).json" }
        return HistoryRun(
            report: report, apiHash: "00000000bench000", commit: commit, tool: "apicheck-bench", environment: "staging",
            mockFiles: mocks)
    }
}
