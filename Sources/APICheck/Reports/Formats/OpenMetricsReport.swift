import Foundation

/// The report as OpenMetrics text (`application/openmetrics-text; version=1.0.0`), for scheduled
/// runs that feed a dashboard: pushed to a Prometheus Pushgateway or left for the node exporter's
/// textfile collector. Every family is a gauge (each value is this run's, not a running total),
/// so the text also parses as Prometheus's classic text format, which is what `promtool check
/// metrics`, the Pushgateway and the textfile collector read.
///
/// Every sample carries the run's labels: `api`, `environment` (the catalog's name for the target,
/// empty when it was given as a URL) and `shard` (`2/4`, empty for a whole run); the target and
/// run id are labels of `apicheck_run_info` only, so that a catalog's thousands of samples do not
/// each repeat a URL. A check's samples add `check` (the result's name), `role` and `endpoint`.
/// Statuses are lower case: `ok`, `warn`, `fail`, `skip`.
public enum OpenMetricsReport {
    public static func render(_ report: Report, context: RenderContext) -> String {
        let report = report.forDisplay
        var out = Output(run: [
            ("api", report.api), ("environment", report.environment ?? ""),
            ("shard", report.shard.map(\.description) ?? ""),
        ])
        let summary = report.summary
        let ended = report.startedAt.addingTimeInterval(report.duration)

        out.family("apicheck_run_info", help: "The run's target and id, as labels; the value is always 1.")
        out.sample([("target", report.target), ("run_id", report.runID ?? "")], 1)
        out.family("apicheck_run_start_timestamp_seconds", unit: "seconds", help: "When the run started, in Unix time.")
        out.sample([], report.startedAt.timeIntervalSince1970)
        out.family("apicheck_run_duration_seconds", unit: "seconds", help: "Wall time of the whole run.")
        out.sample([], report.duration)
        out.family("apicheck_run_verdict", help: "What the run concluded: 1 for its verdict, 0 for the others.")
        let verdict = report.verdict
        for value in Verdict.allCases { out.sample([("verdict", value.rawValue)], value == verdict ? 1 : 0) }
        if let code = context.exitCode {
            out.family("apicheck_run_exit_code", help: "The exit code of the command that wrote the report.")
            out.sample([], Double(code))
        }
        out.family("apicheck_run_checks", help: "Checks of the run by role and status (ok, warn, fail, skip).")
        for role in [CheckResult.Role.endpoint, .probe, .paging, .errorCheck] {
            var counts: [CheckResult.Status: Int] = [:]
            for result in report.results where result.role == role { counts[result.status(strict: report.strict), default: 0] += 1 }
            for status in CheckResult.Status.allCases {
                out.sample([("role", role.rawValue), ("status", status.rawValue.lowercased())], Double(counts[status] ?? 0))
            }
        }
        out.family("apicheck_run_findings", help: "Findings of the run by severity, run-level ones included.")
        out.sample([("severity", "error")], Double(summary.errors))
        out.sample([("severity", "warning")], Double(summary.warnings))
        out.sample([("severity", "info")], Double(summary.infos))

        func labels(_ result: CheckResult) -> [(String, String)] {
            [("check", result.name), ("role", result.role.rawValue), ("endpoint", result.endpoint)]
        }
        out.family("apicheck_check_status", help: "Each check's status: 1 for its status (ok, warn, fail, skip), 0 for the others.")
        for result in report.results {
            let status = result.status(strict: report.strict)
            for value in CheckResult.Status.allCases {
                out.sample(labels(result) + [("status", value.rawValue.lowercased())], value == status ? 1 : 0)
            }
        }
        out.family(
            "apicheck_check_latency_seconds", unit: "seconds",
            help: "Each timed check's latency by phase, from the start of the request (cumulative).")
        for result in report.results {
            guard let timings = result.timings else { continue }
            for (phase, value) in [
                ("dns", timings.dns), ("connect", timings.connect), ("tls", timings.tls),
                ("first_byte", timings.firstByte), ("total", timings.total),
            ] {
                out.sample(labels(result) + [("phase", phase)], value)
            }
        }
        out.family("apicheck_check_findings", help: "Each check's findings by severity.")
        for result in report.results {
            for severity in Finding.Severity.allCases {
                out.sample(labels(result) + [("severity", severity.rawValue)], Double(result.findings.count { $0.severity == severity }))
            }
        }
        out.family("apicheck_check_drift_findings", help: "Each check's drift findings (live answer against mock) by severity.")
        for result in report.results {
            for severity in Finding.Severity.allCases {
                let count = result.findings.count { $0.severity == severity && $0.kind.isDrift }
                out.sample(labels(result) + [("severity", severity.rawValue)], Double(count))
            }
        }
        out.family(
            "apicheck_check_last_success_timestamp_seconds", unit: "seconds",
            help: "When each check last passed, in Unix time: the end of this run, for the checks that passed in it.")
        for result in report.results where result.passed(strict: report.strict) {
            out.sample(labels(result), ended.timeIntervalSince1970)
        }
        return out.text + "# EOF\n"
    }

    /// OpenMetrics text under construction: families one after the other, each sample with the
    /// run's labels first.
    private struct Output {
        let run: [(String, String)]
        var text = ""
        private var name = ""

        init(run: [(String, String)]) {
            self.run = run
        }

        mutating func family(_ name: String, unit: String? = nil, help: String) {
            self.name = name
            text += "# TYPE \(name) gauge\n"
            if let unit { text += "# UNIT \(name) \(unit)\n" }
            text += "# HELP \(name) \(escapedHelp(help))\n"
        }

        mutating func sample(_ labels: [(String, String)], _ value: Double) {
            text += name + "{"
            var first = true
            for (key, value) in run + labels {
                if !first { text += "," }
                first = false
                text += key + "=\"" + escapedLabel(value) + "\""
            }
            text += "} " + number(value) + "\n"
        }

        /// Backslash, double quote and line feed are the three characters a label value escapes.
        private func escapedLabel(_ value: String) -> String {
            guard value.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "\n" }) else { return value }
            var escaped = ""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\\\"
                case "\"": escaped += "\\\""
                case "\n": escaped += "\\n"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped
        }

        private func escapedHelp(_ help: String) -> String {
            help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
        }

        private func number(_ value: Double) -> String {
            guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "+Inf" : "-Inf") }
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        }
    }
}
