import APICheck
import Foundation
import HistoryStore

extension HistoryCommand {
    /// The answer as a person reads it: a table, what a server supplied escaped; one table per
    /// API, under its name, when the answer is of several.
    func text(_ store: HistoryStore, apis: [String]) throws -> String {
        if query == .prune {
            let (removed, cutoff, runs, size) = try prune(store)
            return "removed \(removed) run\(removed == 1 ? "" : "s")\(apiName.map { " of API \(Self.escaped($0))" } ?? "") "
                + "started before \(Self.time(cutoff)) UTC; \(runs) run\(runs == 1 ? "" : "s") kept, \(Self.size(size))"
        }
        // An empty store answers as an API without runs does.
        guard apis.count > 1 else { return try text(store, api: apis.first ?? "") }
        return try apis.map { "API \(Self.escaped($0))\n" + (try text(store, api: $0)) }.joined(separator: "\n\n")
    }

    private func text(_ store: HistoryStore, api: String) throws -> String {
        switch query {
        case .runs:
            let runs = try store.runs(last: lastRuns, api: api)
            guard !runs.isEmpty else { return "no runs stored" }
            return Table(
                header: [
                    "started (UTC)", "run", "report run", "command", "verdict", "endpoints", "errors", "warnings", "commit", "env",
                    "target",
                ],
                rows: runs.map { run in
                    [
                        Self.time(run.startedAt), String(run.runID.prefix(8)), run.reportRunID.map(Self.escaped) ?? "-", run.command,
                        run.verdict,
                        "\(run.endpointsPassed)/\(run.endpoints)" + (run.shard.map { " shard \($0)" } ?? ""),
                        String(run.errors), String(run.warnings), Self.short(run.commit), run.environment ?? "-",
                        Self.escaped(run.baseURL),
                    ]
                }
            ).render()
        case .flaky:
            let flaky = try store.flaky(last: lastRuns, api: api)
            guard !flaky.isEmpty else { return "no endpoint flipped twice in the last \(lastRuns) runs" }
            return Table(
                header: ["endpoint", "flips", "pass rate", "verdicts, oldest first (. ok, w warn, X FAIL, - skip)"],
                rows: flaky.map { [Self.escaped($0.name), String($0.flips), Self.percent($0.passRate), Self.sparkline($0.statuses)] }
            )
            .render()
        case .passRate:
            let verdicts = try store.verdicts(last: lastRuns, api: api)
            guard !verdicts.isEmpty else { return "no runs stored" }
            return Table(
                header: ["endpoint", "checked", "passed", "failed", "pass rate", "verdicts, oldest first"],
                rows: verdicts.map {
                    [
                        Self.escaped($0.name), String($0.checked), String($0.passed), String($0.failed), Self.percent($0.passRate),
                        Self.sparkline($0.statuses),
                    ]
                }
            ).render()
        case .firstSeen:
            let seen = try store.firstSeen(api: api)
            guard !seen.isEmpty else { return "the newest run has no findings" }
            return Table(
                header: ["severity", "kind", "endpoint", "path", "first seen (UTC)", "run", "commit"],
                rows: seen.map {
                    [
                        $0.severity, $0.kind, Self.escaped($0.name), Self.escaped($0.path ?? "-"), Self.time($0.firstSeenAt),
                        String($0.firstRunID.prefix(8)), Self.short($0.firstCommit),
                    ]
                }
            ).render()
        case .latency:
            let latency = try store.latency(last: lastRuns, api: api)
            guard !latency.isEmpty else { return "no timed answers stored" }
            return Table(
                header: ["endpoint", "samples", "p50 ms", "p95 ms", "max ms", "before: p50 ms", "p95 ms"],
                rows: latency.map {
                    [
                        Self.escaped($0.name), String($0.samples), Self.ms($0.p50), Self.ms($0.p95), Self.ms($0.max),
                        $0.previousP50.map(Self.ms) ?? "-", $0.previousP95.map(Self.ms) ?? "-",
                    ]
                }
            ).render()
        case .mockAge:
            let ages = try store.mockAges(api: api)
            guard !ages.isEmpty else { return "no mock was compared with a live answer yet" }
            let now = Date()
            return Table(
                header: ["mock", "age", "last matched (UTC)", "run", "commit", "last compared (UTC)"],
                rows: ages.map {
                    [
                        Self.escaped($0.mock), Self.age($0.age(at: now)) + ($0.lastMatchedAt == nil ? " (never matched)" : ""),
                        $0.lastMatchedAt.map(Self.time) ?? "never", $0.lastMatchedRunID.map { String($0.prefix(8)) } ?? "-",
                        Self.short($0.lastMatchedCommit), Self.time($0.lastComparedAt),
                    ]
                }
            ).render()
        case .prune:
            return ""
        }
    }

    /// Prunes (the whole store, or `--api`'s runs) and returns what a report of it says: runs
    /// removed, the cut, runs left in the store, file size.
    func prune(_ store: HistoryStore) throws -> (removed: Int, cutoff: Date, runs: Int, size: Int) {
        let cutoff = Date().addingTimeInterval(-(keepSeconds ?? 0))
        let removed = try store.prune(before: cutoff, api: apiName)
        return (removed, cutoff, try store.runCount(), store.sizeInBytes)
    }

    static func escaped(_ text: String) -> String { DisplayText.escaped(text) }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    static func short(_ commit: String?) -> String { commit.map { escaped(String($0.prefix(12))) } ?? "-" }

    static func percent(_ rate: Double?) -> String { rate.map { String(format: "%.0f%%", $0 * 100) } ?? "-" }

    static func ms(_ value: Double) -> String { String(format: "%.1f", value) }

    static func sparkline(_ statuses: [String]) -> String {
        String(
            statuses.map { status -> Character in
                switch status {
                case "ok": return "."
                case "warn": return "w"
                case "FAIL": return "X"
                default: return "-"
                }
            })
    }

    static func age(_ seconds: Double) -> String {
        if seconds >= 86400 { return String(format: "%.1f d", seconds / 86400) }
        if seconds >= 3600 { return String(format: "%.1f h", seconds / 3600) }
        return String(format: "%.0f min", max(0, seconds) / 60)
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : String(format: "%.1f KB", Double(bytes) / 1024)
    }
}
