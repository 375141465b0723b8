import APICheck
import Foundation

extension HistoryStore {
    /// What the store knew of `report`'s endpoints and findings before the run was kept: each
    /// result's verdicts in the last `count` runs, and the first run of each finding an earlier
    /// run had too. For the HTML report; read before the run is recorded, so this run is not its
    /// own history. Only the runs of the report's own API count: a store serves many services,
    /// and another API's endpoint of the same name is not this one.
    public func history(before report: Report, last count: Int) throws -> ReportHistory {
        let names = Set(report.results.map(\.name))
        var verdicts: [String: [String]] = [:]
        for endpoint in try self.verdicts(last: count, api: report.api) where names.contains(endpoint.name) {
            verdicts[endpoint.name] = endpoint.statuses
        }
        // Keyed by the name the store keeps a finding under: its result's, or `-` for the run.
        var keys: [ReportHistory.FindingKey] = report.runFindings.map { .init(name: "-", kind: $0.kind.rawValue, path: $0.path) }
        for result in report.results {
            keys += result.findings.map { .init(name: result.name, kind: $0.kind.rawValue, path: $0.path) }
        }
        var firstSeen: [ReportHistory.FindingKey: ReportHistory.FirstSeen] = [:]
        for key in Set(keys) {
            let fingerprint = HistoryRun.Finding.fingerprint(name: key.name, kind: key.kind, path: key.path)
            if let first = try firstRun(with: fingerprint, api: report.api) { firstSeen[key] = .init(at: first.at, commit: first.commit) }
        }
        return ReportHistory(runs: count, verdicts: verdicts, firstSeen: firstSeen)
    }
}
