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
        public var errorChecks: Int = 0
        public var errorChecksPassed: Int = 0
        public var errorChecksSkipped: Int = 0
        public var errors: Int
        public var warnings: Int
        public var infos: Int

        public var endpointsFailed: Int { endpoints - endpointsPassed - endpointsSkipped }
        public var probesFailed: Int { probes - probesPassed - probesSkipped }
        public var pagingChecksFailed: Int { pagingChecks - pagingChecksPassed - pagingChecksSkipped }
        public var errorChecksFailed: Int { errorChecks - errorChecksPassed - errorChecksSkipped }
    }

    /// Counts of results and findings; a result passes as `CheckResult.passed(strict:)` says.
    /// One pass over the results, copying none: a report of 20,000 results is rendered with its
    /// summary, and filtered copies of them per role were the peak of such a run.
    public var summary: Summary {
        var summary = Summary(
            endpoints: 0, endpointsPassed: 0, endpointsSkipped: 0, probes: 0, probesPassed: 0, probesSkipped: 0,
            pagingChecks: 0, pagingChecksPassed: 0, pagingChecksSkipped: 0,
            errors: count(.error), warnings: count(.warning), infos: count(.info))
        for result in results {
            let passed = result.passed(strict: strict) ? 1 : 0, skipped = result.skipped == nil ? 0 : 1
            switch result.role {
            case .endpoint:
                summary.endpoints += 1
                summary.endpointsPassed += passed
                summary.endpointsSkipped += skipped
            case .probe:
                summary.probes += 1
                summary.probesPassed += passed
                summary.probesSkipped += skipped
            case .paging:
                summary.pagingChecks += 1
                summary.pagingChecksPassed += passed
                summary.pagingChecksSkipped += skipped
            case .errorCheck:
                summary.errorChecks += 1
                summary.errorChecksPassed += passed
                summary.errorChecksSkipped += skipped
            }
        }
        return summary
    }

    /// What the run covered: `11 endpoints + 13 auth probes + 1 paging check + 2 error checks,
    /// concurrency 8` (`11 endpoints` for mocks).
    public var scopeDescription: String {
        let probes = results.count { $0.role == .probe }, pages = results.count { $0.role == .paging }
        let errorChecks = results.count { $0.role == .errorCheck }
        var text = Self.plural(results.count - probes - pages - errorChecks, "endpoint")
        guard command.callsServer else { return text }
        if probes > 0 { text += " + " + Self.plural(probes, "auth probe") }
        if pages > 0 { text += " + " + Self.plural(pages, "paging check") }
        if errorChecks > 0 { text += " + " + Self.plural(errorChecks, "error check") }
        if let concurrency { text += ", concurrency \(concurrency)" }
        if let shard { text += ", shard \(shard)" }
        if strict { text += ", strict" }
        return text
    }

    /// `11 endpoints: 10 ok, 1 failed; 2 probes ok; 1 error, 1 warning; 0.41 s`. Infos are named only
    /// when there are some, probes, paging and error checks only when the run had any, the duration only
    /// for runs that called a server.
    public var summaryLine: String {
        let summary = summary
        var parts = [
            Self.tally(
                summary.endpoints, "endpoint", passed: summary.endpointsPassed,
                failed: summary.endpointsFailed, skipped: summary.endpointsSkipped)
        ]
        if summary.probes > 0 {
            parts.append(
                Self.tally(
                    summary.probes, "probe", passed: summary.probesPassed,
                    failed: summary.probesFailed, skipped: summary.probesSkipped))
        }
        if summary.pagingChecks > 0 {
            parts.append(
                Self.tally(
                    summary.pagingChecks, "paging check", passed: summary.pagingChecksPassed,
                    failed: summary.pagingChecksFailed, skipped: summary.pagingChecksSkipped))
        }
        if summary.errorChecks > 0 {
            parts.append(
                Self.tally(
                    summary.errorChecks, "error check", passed: summary.errorChecksPassed,
                    failed: summary.errorChecksFailed, skipped: summary.errorChecksSkipped))
        }
        var findings = [Self.plural(summary.errors, "error"), Self.plural(summary.warnings, "warning")]
        if summary.infos > 0 { findings.append(Self.plural(summary.infos, "info")) }
        parts.append(findings.joined(separator: ", "))
        if command.callsServer { parts.append(String(format: "%.2f s", duration)) }
        return parts.joined(separator: "; ")
    }

    /// `1 exchange`, `2 exchanges`: a count with its noun, for every place that says one.
    package static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func tally(_ total: Int, _ noun: String, passed: Int, failed: Int, skipped: Int) -> String {
        if total > 0, passed == total { return plural(total, noun) + " ok" }
        var text = plural(total, noun) + ": \(passed) ok, \(failed) failed"
        if skipped > 0 { text += ", \(skipped) skipped" }
        return text
    }
}
