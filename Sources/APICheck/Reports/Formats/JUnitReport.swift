import Foundation

/// The report as JUnit XML, for CI systems that show test results. One `<testsuite>` per run, one
/// `<testcase>` per endpoint or probe (classname `<api>.endpoints` / `<api>.probes`), plus a case
/// named `run` for findings not tied to one endpoint.
///
/// Contract violations become `<failure>` and harness problems `<error>`, so a CI page tells
/// "the API broke its contract" from "the check could not run". Under `--strict`, warnings are
/// failures too; otherwise warnings and infos go to `<system-out>`.
public enum JUnitReport {
    public static func render(_ report: Report, context: RenderContext) -> String {
        // Every character XML 1.0 forbids, even as a reference, is a control `DisplayText` escapes.
        let report = report.forDisplay
        var cases: [Case] = report.results.map { result in
            Case(
                classname: "\(report.api).\(classname(result.role))",
                name: result.name, seconds: result.timings?.total ?? 0,
                findings: result.findings, skipped: result.skipped?.rawValue, strict: report.strict)
        }
        if !report.runFindings.isEmpty {
            cases.append(
                Case(
                    classname: "\(report.api).run", name: "run", seconds: 0,
                    findings: report.runFindings, skipped: nil, strict: report.strict))
        }
        let tests = cases.count
        let failures = cases.filter { !$0.failing.isEmpty }.count
        let errors = cases.filter { !$0.harness.isEmpty }.count
        let skipped = cases.filter { $0.skipped != nil }.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
        let time = seconds(report.duration)

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(attribute(context.tool))\" \(counts) time=\"\(time)\">\n"
        xml +=
            "  <testsuite name=\"\(attribute("\(context.tool) \(report.command.rawValue) \(report.api)"))\" \(counts) time=\"\(time)\""
            + " timestamp=\"\(JSONReport.timestamp(report.startedAt))\">\n"
        xml += "    <properties>\n"
        xml += "      <property name=\"target\" value=\"\(attribute(report.target))\"/>\n"
        if let shard = report.shard {
            xml += "      <property name=\"shard\" value=\"\(shard)\"/>\n"
        }
        if let concurrency = report.concurrency {
            xml += "      <property name=\"concurrency\" value=\"\(concurrency)\"/>\n"
        }
        xml += "      <property name=\"strict\" value=\"\(report.strict)\"/>\n"
        xml += "      <property name=\"verdict\" value=\"\(report.verdict.rawValue)\"/>\n"
        if let exitCode = context.exitCode { xml += "      <property name=\"exitCode\" value=\"\(exitCode)\"/>\n" }
        xml += "    </properties>\n"
        for testCase in cases { xml += testCase.xml }
        xml += "  </testsuite>\n"
        xml += "</testsuites>\n"
        return xml
    }

    private static func classname(_ role: CheckResult.Role) -> String {
        switch role {
        case .endpoint: "endpoints"
        case .probe: "probes"
        case .paging: "paging"
        case .errorCheck: "error-checks"
        }
    }

    /// One `<testcase>`, with its findings sorted into failure, error and output.
    private struct Case {
        let classname: String
        let name: String
        let seconds: Double
        let findings: [Finding]
        let skipped: String?
        let strict: Bool

        /// Contract errors, and under strict every warning: the case failed.
        var failing: [Finding] {
            findings.filter { ($0.severity == .error && $0.category == .contract) || (strict && $0.severity == .warning) }
        }

        /// Harness errors: the check could not be made.
        var harness: [Finding] {
            findings.filter { $0.severity == .error && $0.category == .harness }
        }

        /// What remains: warnings (unless strict) and infos.
        var output: [Finding] {
            findings.filter { $0.severity == .info || (!strict && $0.severity == .warning) }
        }

        var xml: String {
            let open =
                "    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(name))\""
                + " time=\"\(JUnitReport.seconds(seconds))\""
            var body = ""
            if let skipped { body += "      <skipped message=\"\(attribute(skipped))\"/>\n" }
            if let first = failing.first {
                body +=
                    "      <failure message=\"\(attribute(first.summaryLine))\" type=\"\(attribute(first.kind.rawValue))\">"
                    + text(failing.map(line).joined(separator: "\n")) + "</failure>\n"
            }
            if let first = harness.first {
                body +=
                    "      <error message=\"\(attribute(first.summaryLine))\" type=\"\(attribute(first.kind.rawValue))\">"
                    + text(harness.map(line).joined(separator: "\n")) + "</error>\n"
            }
            if !output.isEmpty {
                body += "      <system-out>" + text(output.map(line).joined(separator: "\n")) + "</system-out>\n"
            }
            return body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
        }

        /// `error decode $.datas.x: expected String, found absent [mocks/x.json]`
        private func line(_ finding: Finding) -> String {
            var line = "\(finding.severity.rawValue) \(finding.kind)"
            if let endpoint = finding.endpoint, endpoint != name { line += " \(endpoint)" }
            line += " \(finding.summaryLine)"
            if let file = finding.file { line += " [\(file)]" }
            return line
        }
    }

    /// Seconds with three decimals: `0.041`.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }

    /// Character data: markup characters escaped.
    static func text(_ value: String) -> String {
        MarkupEscaping.escape(value)
    }

    /// An attribute value: as `text`, and whitespace that attribute normalisation would flatten
    /// kept as character references.
    static func attribute(_ value: String) -> String {
        text(value)
            .replacingOccurrences(of: "\r", with: "&#13;")
            .replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\t", with: "&#9;")
    }
}
