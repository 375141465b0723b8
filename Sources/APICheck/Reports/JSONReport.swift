import Foundation

/// The machine-readable report, schema `apicheck-report/1` (documented in `docs/report-schema.md`).
/// Keys come in a fixed, documented order; every documented key is always present, `null` when it
/// has no value; times are seconds (`durationSeconds`) or milliseconds (`*Ms`) with at most three
/// decimals.
public enum JSONReport {
    public static let schema = "apicheck-report/1"

    public static func render(_ report: Report, context: RenderContext) -> String {
        let report = report.forDisplay
        let summary = report.summary
        let document: JSONValue = .object([
            ("schema", .string(schema)),
            ("command", .string(report.command.rawValue)),
            ("api", .string(report.api)),
            ("target", .string(report.target)),
            ("startedAt", .string(timestamp(report.startedAt))),
            ("durationSeconds", .number(decimal(report.duration))),
            ("concurrency", report.concurrency.map { .number(String($0)) } ?? .null),
            ("shard", report.shard.map { .object([("index", .number(String($0.index))), ("count", .number(String($0.count)))]) } ?? .null),
            ("strict", .bool(report.strict)),
            ("verdict", .string(report.verdict.rawValue)),
            ("exitCode", context.exitCode.map { .number(String($0)) } ?? .null),
            ("summary", .object([
                ("endpoints", .number(String(summary.endpoints))),
                ("endpointsPassed", .number(String(summary.endpointsPassed))),
                ("endpointsSkipped", .number(String(summary.endpointsSkipped))),
                ("probes", .number(String(summary.probes))),
                ("probesPassed", .number(String(summary.probesPassed))),
                ("probesSkipped", .number(String(summary.probesSkipped))),
                ("pagingChecks", .number(String(summary.pagingChecks))),
                ("pagingChecksPassed", .number(String(summary.pagingChecksPassed))),
                ("pagingChecksSkipped", .number(String(summary.pagingChecksSkipped))),
                ("errors", .number(String(summary.errors))),
                ("warnings", .number(String(summary.warnings))),
                ("infos", .number(String(summary.infos))),
            ])),
            ("results", .array(report.results.map { result(_: $0, strict: report.strict) })),
            ("runFindings", .array(report.runFindings.map(finding))),
        ])
        return document.prettyText + "\n"
    }

    /// ISO 8601 in UTC with milliseconds: `2026-01-05T09:30:00.000Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    private static func result(_ result: CheckResult, strict: Bool) -> JSONValue {
        .object([
            ("name", .string(result.name)),
            ("role", .string(result.role.rawValue)),
            ("endpoint", .string(result.endpoint)),
            ("method", .string(result.method)),
            ("path", .string(result.path)),
            ("requestPath", optional(result.requestPath)),
            ("reproduce", optional(result.request.map(ReproduceCommand.curl))),
            ("status", result.status.map { .number(String($0)) } ?? .null),
            ("outcome", optional(result.outcome)),
            ("skipped", optional(result.skipped)),
            ("passed", .bool(result.passed(strict: strict))),
            ("timings", result.timings.map { timings in
                .object([
                    ("dnsMs", .number(decimal(timings.dns * 1000))),
                    ("connectMs", .number(decimal(timings.connect * 1000))),
                    ("tlsMs", .number(decimal(timings.tls * 1000))),
                    ("firstByteMs", .number(decimal(timings.firstByte * 1000))),
                    ("totalMs", .number(decimal(timings.total * 1000))),
                ])
            } ?? .null),
            ("findings", .array(result.findings.map(finding))),
        ])
    }

    private static func finding(_ finding: Finding) -> JSONValue {
        .object([
            ("kind", .string(finding.kind.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("category", .string(finding.category.rawValue)),
            ("endpoint", optional(finding.endpoint)),
            ("path", optional(finding.path)),
            ("expected", optional(finding.expected)),
            ("found", optional(finding.found)),
            ("message", .string(finding.message)),
            ("file", optional(finding.file)),
        ])
    }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A number with at most three decimals and no trailing zeros: `0.412`, `41`, `1.5`.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
