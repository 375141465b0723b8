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
        let counts: [(key: String, value: JSONValue)] = [
            ("endpoints", count(summary.endpoints)),
            ("endpointsPassed", count(summary.endpointsPassed)),
            ("endpointsSkipped", count(summary.endpointsSkipped)),
            ("probes", count(summary.probes)),
            ("probesPassed", count(summary.probesPassed)),
            ("probesSkipped", count(summary.probesSkipped)),
            ("pagingChecks", count(summary.pagingChecks)),
            ("pagingChecksPassed", count(summary.pagingChecksPassed)),
            ("pagingChecksSkipped", count(summary.pagingChecksSkipped)),
            ("errorChecks", count(summary.errorChecks)),
            ("errorChecksPassed", count(summary.errorChecksPassed)),
            ("errorChecksSkipped", count(summary.errorChecksSkipped)),
            ("errors", count(summary.errors)),
            ("warnings", count(summary.warnings)),
            ("infos", count(summary.infos)),
        ]
        let shard: JSONValue = report.shard.map { .object([("index", count($0.index)), ("count", count($0.count))]) } ?? .null
        let plan: JSONValue = report.plan.map { .array($0.map(JSONValue.string)) } ?? .null
        let concurrency: JSONValue = report.concurrency.map(count) ?? .null
        let exitCode: JSONValue = context.exitCode.map { count(Int($0)) } ?? .null
        let results: JSONValue = .array(report.results.map { result(_: $0, strict: report.strict) })
        var members: [(key: String, value: JSONValue)] = [
            ("schema", .string(schema)),
            ("command", .string(report.command.rawValue)),
            ("api", .string(report.api)),
            ("target", .string(report.target)),
            ("startedAt", .string(timestamp(report.startedAt))),
            ("durationSeconds", .number(decimal(report.duration))),
            ("concurrency", concurrency),
            ("shard", shard),
        ]
        members += [
            ("runId", optional(report.runID)),
            ("environment", optional(report.environment)),
            ("plan", plan),
            ("strict", .bool(report.strict)),
            ("verdict", .string(report.verdict.rawValue)),
            ("exitCode", exitCode),
            ("summary", .object(counts)),
            ("results", results),
            ("runFindings", .array(report.runFindings.map(finding))),
        ]
        let document = JSONValue.object(members)
        return document.prettyText + "\n"
    }

    /// ISO 8601 in UTC with milliseconds (to the nearest, as `ISO8601DateFormatter` rounds):
    /// `2026-01-05T09:30:00.000Z`. Written by hand: the formatter loads ICU's calendar and time
    /// zone data first, a fixed cost in every process that writes a report, and every shard of a
    /// run is a process of its own.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let fraction = Int32(milliseconds - Int64(seconds) * 1000)
        return "\(digits(parts.tm_year + 1900, 4))-\(digits(parts.tm_mon + 1, 2))-\(digits(parts.tm_mday, 2))T"
            + "\(digits(parts.tm_hour, 2)):\(digits(parts.tm_min, 2)):\(digits(parts.tm_sec, 2)).\(digits(fraction, 3))Z"
    }

    private static func result(_ result: CheckResult, strict: Bool) -> JSONValue {
        .object([
            ("name", .string(result.name)),
            ("role", .string(result.role.rawValue)),
            ("endpoint", .string(result.endpoint)),
            ("method", .string(result.method)),
            ("path", .string(result.path)),
            ("requestPath", optional(result.requestPath)),
            ("reproduce", optional(result.reproduceCommand)),
            ("traceparent", optional(result.traceparent)),
            ("status", result.status.map { .number(String($0)) } ?? .null),
            ("outcome", optional(result.classification?.name)),
            ("skipped", optional(result.skipped?.rawValue)),
            ("skipChosen", .bool(result.skipped?.isChosen ?? false)),
            ("passed", .bool(result.passed(strict: strict))),
            (
                "timings",
                result.timings.map { timings in
                    .object([
                        ("dnsMs", .number(decimal(timings.dns * 1000))),
                        ("connectMs", .number(decimal(timings.connect * 1000))),
                        ("tlsMs", .number(decimal(timings.tls * 1000))),
                        ("firstByteMs", .number(decimal(timings.firstByte * 1000))),
                        ("totalMs", .number(decimal(timings.total * 1000))),
                    ])
                } ?? .null
            ),
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

    private static func count(_ value: Int) -> JSONValue { .number(String(value)) }

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
