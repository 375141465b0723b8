import Foundation

/// The report as one self-contained web page, for a CI artifact: a summary header, the endpoint
/// × check matrix, the findings by endpoint with the commands that reproduce the call and refresh
/// the mock, and per-phase timing bars. No external script, style, font or image: a
/// Content-Security-Policy of `default-src 'none'` keeps the page from loading anything at all.
/// Every piece of text from the server, the mocks or the target is escaped; secrets are already
/// masked in the `Report`, and the token shows as `$TOKEN`. A small inline script adds a filter box
/// (text, severity); the page reads the same without it.
public enum HTMLReport {
    /// File names under the context's directory print relative to it; headers and the commands
    /// offered name its tool.
    public static func render(_ report: Report, context: RenderContext) -> String {
        let tool = context.tool
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e("\(tool) \(report.command.rawValue) \(report.target)"))</title>
            <style>\(stylesheet)\(context.history == nil ? "" : "\n" + historyStylesheet)</style>
            </head>
            <body>

            """
        page += header(report, context: context)
        page += matrix(report, history: context.history)
        page += findings(report, tool: tool, currentDirectory: context.directory, history: context.history)
        if report.command.callsServer { page += timingBars(report) }
        page += "<script>\(script)</script>\n</body>\n</html>\n"
        return page
    }

    static func e(_ text: String) -> String { MarkupEscaping.html(text) }

    /// `PASS`, `FAIL`, `ERROR` or `UNREACHABLE`, from the run's verdict.
    static func verdict(_ report: Report) -> (word: String, meaning: String) {
        switch report.verdict {
        case .holds: return ("PASS", "the contract holds")
        case .violated: return ("FAIL", "the contract is violated")
        case .unreachable: return ("UNREACHABLE", "the target could not be reached")
        case .incomplete: return ("ERROR", "the run could not check everything")
        }
    }

    private static func header(_ report: Report, context: RenderContext) -> String {
        let summary = report.summary
        let (word, meaning) = verdict(report)
        let started = report.startedAt.formatted(Date.ISO8601FormatStyle())
        var html = "<header class=\"verdict-\(word.lowercased())\">\n"
        html +=
            "<h1><span class=\"verdict\">\(word)</span> \(e(context.tool)) \(e(report.command.rawValue)) <span class=\"target\">\(e(report.target))</span></h1>\n"
        html += "<p class=\"meaning\">\(e(meaning))\(context.exitCode.map { "; exit code \($0)" } ?? "")</p>\n<dl class=\"facts\">\n"
        var facts: [(String, String)] = [("API", report.api), ("started", started)]
        if report.command.callsServer { facts.append(("duration", String(format: "%.2f s", report.duration))) }
        facts.append(("scope", report.scopeDescription))
        facts.append(("endpoints", "\(summary.endpointsPassed) ok, \(summary.endpointsFailed) failed, \(summary.endpointsSkipped) skipped"))
        if summary.probes > 0 {
            facts.append(("probes", "\(summary.probesPassed) ok, \(summary.probesFailed) failed, \(summary.probesSkipped) skipped"))
        }
        if summary.pagingChecks > 0 {
            facts.append(
                (
                    "paging checks",
                    "\(summary.pagingChecksPassed) ok, \(summary.pagingChecksFailed) failed, "
                        + "\(summary.pagingChecksSkipped) skipped"
                ))
        }
        if summary.errorChecks > 0 {
            facts.append(
                (
                    "error checks",
                    "\(summary.errorChecksPassed) ok, \(summary.errorChecksFailed) failed, "
                        + "\(summary.errorChecksSkipped) skipped"
                ))
        }
        facts.append(("findings", "\(summary.errors) errors, \(summary.warnings) warnings, \(summary.infos) infos"))
        for (name, value) in facts { html += "<div><dt>\(e(name))</dt><dd>\(e(value))</dd></div>\n" }
        html += "</dl>\n<p class=\"summary\">\(e(report.summaryLine))</p>\n</header>\n"
        return html
    }

    /// The column a probe, paging or error check sits in: the probe's kind (`probe token-expired`),
    /// the error check's scenario (`error-check not_found`), or the role (`paging`).
    static func probeKind(_ result: CheckResult) -> String {
        if let scenario = result.scenario, result.role == .errorCheck { return "error-check \(scenario)" }
        return result.probe.map { "probe \($0.rawValue)" } ?? result.role.rawValue
    }

    private static func cell(_ result: CheckResult?, strict: Bool) -> String {
        guard let result else { return "<td class=\"na\">–</td>" }
        let status = result.status(strict: strict)
        var detail = ""
        if let skipped = result.skipped {
            detail = skipped.rawValue
        } else if result.role != .endpoint {
            detail = [result.status.map(String.init), result.classification?.name].compactMap { $0 }.joined(separator: " → ")
        } else if let ms = result.totalMilliseconds {
            detail = "\(ms) ms"
        }
        let title = detail.isEmpty ? "" : "<small>\(e(detail))</small>"
        return "<td class=\"status-\(status.rawValue.lowercased())\"><b>\(status.rawValue)</b>\(title)</td>"
    }

    private static func matrix(_ report: Report, history: ReportHistory?) -> String {
        let others = report.probeResults + report.pagingResults + report.errorCheckResults
        var probeKinds: [String] = []
        for probe in others where !probeKinds.contains(probeKind(probe)) { probeKinds.append(probeKind(probe)) }
        var rows: [String] = report.endpointResults.map(\.endpoint)
        for probe in others where !rows.contains(probe.endpoint) { rows.append(probe.endpoint) }
        var html =
            "<section id=\"matrix\">\n<h2>Endpoints × checks</h2>\n<table class=\"matrix\">\n<thead><tr><th>endpoint</th><th>request</th><th>check</th>"
        if let history { html += "<th>last \(history.runs) runs</th>" }
        for kind in probeKinds { html += "<th>\(e(kind))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for endpoint in rows {
            let check = report.endpointResults.first { $0.endpoint == endpoint }
            let any = check ?? others.first { $0.endpoint == endpoint }
            let request = any.map { "\($0.method) \($0.displayPath)" } ?? ""
            // A link only where there is something to go to: the endpoint's findings.
            let name =
                report.results.contains { $0.endpoint == endpoint && !$0.findings.isEmpty }
                ? "<a href=\"#ep-\(anchor(endpoint))\">\(e(endpoint))</a>" : e(endpoint)
            html += "<tr><th scope=\"row\">\(name)</th><td><code>\(e(request))</code></td>"
            html += cell(check, strict: report.strict)
            if let history {
                if let check {
                    html += sparkline(past: history.verdicts[check.name] ?? [], current: check.status(strict: report.strict).rawValue)
                } else {
                    html += "<td class=\"na\">–</td>"
                }
            }
            for kind in probeKinds {
                html += cell(others.first { $0.endpoint == endpoint && probeKind($0) == kind }, strict: report.strict)
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        return html
    }

    /// An id fragment made only of safe characters, unique per endpoint id.
    static func anchor(_ text: String) -> String {
        String(
            text.unicodeScalars.map { scalar -> String in
                let allowed =
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "." || scalar == "-"
                return allowed ? String(scalar) : "_" + String(scalar.value, radix: 16) + "_"
            }.joined())
    }
}
