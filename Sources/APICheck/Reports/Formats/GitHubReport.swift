import Foundation

/// Output for GitHub Actions: workflow commands that annotate the run (and the mock files, when a
/// finding names one), and a Markdown summary for `$GITHUB_STEP_SUMMARY`.
public enum GitHubReport {
    /// One workflow command per finding, results first and then the run's own findings:
    /// `::error file=mocks/x.json,title=apicheck decode statuses.x::statuses.x $.datas.y expected String, found absent`.
    /// Files under `currentDirectory` are made relative to it, as GitHub resolves them from the
    /// workspace root.
    public static func annotations(_ report: Report, context: RenderContext) -> String {
        let report = report.forDisplay
        let currentDirectory = context.directory
        var output = ""
        for finding in report.results.flatMap(\.findings) + report.runFindings {
            let command =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
            var properties: [String] = []
            if let file = finding.file {
                properties.append("file=" + property(Finding.displayPath(file, relativeTo: currentDirectory)))
            }
            let about = finding.endpoint.map { " " + $0 } ?? ""
            properties.append("title=" + property("\(context.tool) \(finding.kind)\(about)"))
            let message = [finding.endpoint, finding.path, finding.detail]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            output += "::\(command) \(properties.joined(separator: ","))::\(data(message))\n"
        }
        // Always one line, so a clean run is visible in the log too.
        output += "::notice title=" + property("\(context.tool) \(report.command.rawValue)") + "::" + data(report.summaryLine) + "\n"
        return output
    }

    /// A Markdown summary: a heading with the verdict, the scope and counts, a table of results
    /// and the findings as a list.
    public static func summaryMarkdown(_ report: Report, context: RenderContext) -> String {
        let report = report.forDisplay
        let currentDirectory = context.directory
        let holds = report.verdict == .holds
        var lines: [String] = []
        lines.append("## \(holds ? "✅" : "❌") \(inline(context.tool)) \(inline(report.command.rawValue)) \(inline(report.api))")
        lines.append("")
        lines.append(code(report.target) + " · " + inline(report.scopeDescription))
        lines.append("")
        lines.append(inline(report.summaryLine) + (context.exitCode.map { " · exit \($0)" } ?? ""))

        if !report.results.isEmpty {
            let showTimes = report.command.callsServer
            lines.append("")
            lines.append(showTimes ? "| endpoint | result | ms | findings |" : "| endpoint | result | findings |")
            lines.append(showTimes ? "|---|---|---:|---|" : "|---|---|---|")
            for result in report.results {
                var cells = [code(result.name), verdict(result.status(strict: report.strict))]
                if showTimes { cells.append(result.totalMilliseconds.map(String.init) ?? "") }
                var notes = counts(result.findings)
                if let skipped = result.skipped { notes = "skipped: " + inline(skipped.rawValue) }
                cells.append(notes)
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }

        let findings = report.results.flatMap(\.findings) + report.runFindings
        if !findings.isEmpty {
            lines.append("")
            lines.append("### Findings")
            lines.append("")
            for finding in findings {
                var line = "- \(icon(finding.severity)) **\(finding.severity.rawValue)** \(code(finding.kind.rawValue))"
                if let endpoint = finding.endpoint { line += " " + code(endpoint) }
                if let path = finding.path { line += " " + code(path) }
                line += " — " + inline(finding.detail)
                if let file = finding.file { line += " (" + code(Finding.displayPath(file, relativeTo: currentDirectory)) + ")" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Escaping

    /// A workflow command's message: `%`, CR and LF percent-encoded. Other control characters
    /// were escaped by `DisplayText` (`Report.forDisplay`) before.
    static func data(_ value: String) -> String {
        value.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as `data`, plus `:` and `,`.
    static func property(_ value: String) -> String {
        data(value)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    /// Plain Markdown text on one line, in a table cell or not: no HTML, no table breaks.
    private static func inline(_ value: String) -> String {
        var output = ""
        for character in value {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "|": output += "\\|"
            case "\\", "*", "_", "`", "[", "]": output += "\\\(character)"
            case "\n", "\r\n": output += " "
            default: output.append(character)
            }
        }
        return output
    }

    /// A code span that survives backticks and pipes in its text.
    private static func code(_ value: String) -> String {
        let flat = value.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
        var fence = "`"
        while flat.contains(fence) { fence += "`" }
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") ? " \(flat) " : flat
        return fence + padded + fence
    }

    private static func verdict(_ status: CheckResult.Status) -> String {
        switch status {
        case .ok: "✅ ok"
        case .warn: "⚠️ warn"
        case .fail: "❌ FAIL"
        case .skip: "⏭️ skip"
        }
    }

    private static func icon(_ severity: Finding.Severity) -> String {
        switch severity {
        case .error: "❌"
        case .warning: "⚠️"
        case .info: "ℹ️"
        }
    }

    private static func counts(_ findings: [Finding]) -> String {
        Finding.Severity.allCases.compactMap { severity in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : Report.plural(count, severity.rawValue)
        }.joined(separator: ", ")
    }
}
