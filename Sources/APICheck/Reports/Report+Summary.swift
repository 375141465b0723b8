import Foundation

extension Report {
    /// The counts every renderer shows at the end of a report.
    public struct Summary: Sendable, Equatable {
        public var endpoints: Int
        public var endpointsPassed: Int
        public var endpointsSkipped: Int
        public var probes: Int
        public var probesPassed: Int
        public var probesSkipped: Int
        public var pagingChecks: Int
        public var pagingChecksPassed: Int
        public var pagingChecksSkipped: Int
        public var errors: Int
        public var warnings: Int
        public var infos: Int

        public var endpointsFailed: Int { endpoints - endpointsPassed - endpointsSkipped }
        public var probesFailed: Int { probes - probesPassed - probesSkipped }
        public var pagingChecksFailed: Int { pagingChecks - pagingChecksPassed - pagingChecksSkipped }
    }

    /// Counts of results and findings; a result passes as `CheckResult.passed(strict:)` says.
    public var summary: Summary {
        let endpoints = endpointResults, probes = probeResults, paging = pagingResults
        return Summary(
            endpoints: endpoints.count,
            endpointsPassed: endpoints.filter { $0.passed(strict: strict) }.count,
            endpointsSkipped: endpoints.filter { $0.skipped != nil }.count,
            probes: probes.count,
            probesPassed: probes.filter { $0.passed(strict: strict) }.count,
            probesSkipped: probes.filter { $0.skipped != nil }.count,
            pagingChecks: paging.count,
            pagingChecksPassed: paging.filter { $0.passed(strict: strict) }.count,
            pagingChecksSkipped: paging.filter { $0.skipped != nil }.count,
            errors: count(.error), warnings: count(.warning), infos: count(.info))
    }

    /// What the run covered: `11 endpoints + 13 auth probes + 1 paging check, concurrency 8`
    /// (`11 endpoints` for mocks).
    public var scopeDescription: String {
        var text = Self.plural(endpointResults.count, "endpoint")
        guard command.callsServer else { return text }
        if !probeResults.isEmpty { text += " + " + Self.plural(probeResults.count, "auth probe") }
        if !pagingResults.isEmpty { text += " + " + Self.plural(pagingResults.count, "paging check") }
        if let concurrency { text += ", concurrency \(concurrency)" }
        if strict { text += ", strict" }
        return text
    }

    /// `11 endpoints: 10 ok, 1 failed; 2 probes ok; 1 error, 1 warning; 0.41 s`. Infos are named only
    /// when there are some, probes and paging checks only when the run had any, the duration only
    /// for runs that called a server.
    public var summaryLine: String {
        let summary = summary
        var parts = [Self.tally(summary.endpoints, "endpoint", passed: summary.endpointsPassed,
                                failed: summary.endpointsFailed, skipped: summary.endpointsSkipped)]
        if summary.probes > 0 {
            parts.append(Self.tally(summary.probes, "probe", passed: summary.probesPassed,
                                    failed: summary.probesFailed, skipped: summary.probesSkipped))
        }
        if summary.pagingChecks > 0 {
            parts.append(Self.tally(summary.pagingChecks, "paging check", passed: summary.pagingChecksPassed,
                                    failed: summary.pagingChecksFailed, skipped: summary.pagingChecksSkipped))
        }
        var findings = [Self.plural(summary.errors, "error"), Self.plural(summary.warnings, "warning")]
        if summary.infos > 0 { findings.append(Self.plural(summary.infos, "info")) }
        parts.append(findings.joined(separator: ", "))
        if command.callsServer { parts.append(String(format: "%.2f s", duration)) }
        return parts.joined(separator: "; ")
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func tally(_ total: Int, _ noun: String, passed: Int, failed: Int, skipped: Int) -> String {
        if total > 0, passed == total { return plural(total, noun) + " ok" }
        var text = plural(total, noun) + ": \(passed) ok, \(failed) failed"
        if skipped > 0 { text += ", \(skipped) skipped" }
        return text
    }
}
