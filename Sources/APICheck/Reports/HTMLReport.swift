import Foundation

/// The report as one self-contained web page, for a CI artifact: a summary header, the endpoint
/// × check matrix, the findings by endpoint with the commands that reproduce the call and refresh
/// the mock, and per-phase timing bars. No external script, style, font or image: a
/// Content-Security-Policy of `default-src 'none'` keeps the page from loading anything at all.
/// Every piece of text from the server, the mocks or the target is escaped; secrets are already
/// masked in the `Report`, and the token shows as `$TOKEN`. A small inline script adds a filter box
/// (text, severity); the page reads the same without it.
public enum HTMLReport {
    /// `api`, when given, lets the `curl` commands carry the declared parameters and the token's
    /// placement; file names under `currentDirectory` print relative to it.
    public static func render(_ report: Report, api: API? = nil, tool: String = "apicheck",
                              currentDirectory: String? = FileManager.default.currentDirectoryPath) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e("\(tool) \(report.command) \(report.target)"))</title>
            <style>\(stylesheet)</style>
            </head>
            <body>

            """
        page += header(report, tool: tool)
        page += matrix(report)
        page += findings(report, api: api, tool: tool, currentDirectory: currentDirectory)
        if report.command != "mocks" { page += timingBars(report) }
        page += "<script>\(script)</script>\n</body>\n</html>\n"
        return page
    }

    static func e(_ text: String) -> String { MarkupEscaping.html(text) }

    /// `PASS`, `FAIL`, `ERROR` or `UNREACHABLE`, from the exit code.
    static func verdict(_ report: Report) -> (word: String, meaning: String) {
        switch report.exitCode {
        case 0: return ("PASS", "the contract holds")
        case 1: return ("FAIL", "the contract is violated")
        case 3: return ("UNREACHABLE", "the target could not be reached")
        default: return ("ERROR", "the run could not check everything")
        }
    }

    private static func header(_ report: Report, tool: String) -> String {
        let summary = report.summary
        let (word, meaning) = verdict(report)
        let started = report.startedAt.formatted(Date.ISO8601FormatStyle())
        var html = "<header class=\"verdict-\(word.lowercased())\">\n"
        html += "<h1><span class=\"verdict\">\(word)</span> \(e(tool)) \(e(report.command)) <span class=\"target\">\(e(report.target))</span></h1>\n"
        html += "<p class=\"meaning\">\(e(meaning)); exit code \(report.exitCode)</p>\n<dl class=\"facts\">\n"
        var facts: [(String, String)] = [("API", report.api), ("started", started)]
        if report.command != "mocks" { facts.append(("duration", String(format: "%.2f s", report.duration))) }
        facts.append(("scope", report.scopeDescription))
        facts.append(("endpoints", "\(summary.endpointsPassed) ok, \(summary.endpointsFailed) failed, \(summary.endpointsSkipped) skipped"))
        if summary.probes > 0 {
            facts.append(("probes", "\(summary.probesPassed) ok, \(summary.probesFailed) failed, \(summary.probesSkipped) skipped"))
        }
        facts.append(("findings", "\(summary.errors) errors, \(summary.warnings) warnings, \(summary.infos) infos"))
        for (name, value) in facts { html += "<div><dt>\(e(name))</dt><dd>\(e(value))</dd></div>\n" }
        html += "</dl>\n<p class=\"summary\">\(e(report.summaryLine))</p>\n</header>\n"
        return html
    }

    /// The probe's kind from its name: `probe token-expired statuses.homeTimeline` → `token-expired`.
    static func probeKind(_ result: CheckResult) -> String {
        var name = result.name
        if name.hasPrefix("probe ") { name.removeFirst(6) }
        if name.hasSuffix(" " + result.endpoint) { name.removeLast(result.endpoint.count + 1) }
        return name
    }

    private static func cell(_ result: CheckResult?, strict: Bool) -> String {
        guard let result else { return "<td class=\"na\">–</td>" }
        let status = result.status(strict: strict)
        var detail = ""
        if let skipped = result.skipped {
            detail = skipped
        } else if result.role == .probe {
            detail = [result.status.map(String.init), result.outcome].compactMap { $0 }.joined(separator: " → ")
        } else if let ms = result.totalMilliseconds {
            detail = "\(ms) ms"
        }
        let title = detail.isEmpty ? "" : "<small>\(e(detail))</small>"
        return "<td class=\"status-\(status.rawValue.lowercased())\"><b>\(status.rawValue)</b>\(title)</td>"
    }

    private static func matrix(_ report: Report) -> String {
        var probeKinds: [String] = []
        for probe in report.probeResults where !probeKinds.contains(probeKind(probe)) { probeKinds.append(probeKind(probe)) }
        var rows: [String] = report.endpointResults.map(\.endpoint)
        for probe in report.probeResults where !rows.contains(probe.endpoint) { rows.append(probe.endpoint) }
        var html = "<section id=\"matrix\">\n<h2>Endpoints × checks</h2>\n<table class=\"matrix\">\n<thead><tr><th>endpoint</th><th>request</th><th>check</th>"
        for kind in probeKinds { html += "<th>probe \(e(kind))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for endpoint in rows {
            let check = report.endpointResults.first { $0.endpoint == endpoint }
            let any = check ?? report.probeResults.first { $0.endpoint == endpoint }
            let request = any.map { "\($0.method) \($0.displayPath)" } ?? ""
            // A link only where there is something to go to: the endpoint's findings.
            let name = report.results.contains { $0.endpoint == endpoint && !$0.findings.isEmpty }
                ? "<a href=\"#ep-\(anchor(endpoint))\">\(e(endpoint))</a>" : e(endpoint)
            html += "<tr><th scope=\"row\">\(name)</th><td><code>\(e(request))</code></td>"
            html += cell(check, strict: report.strict)
            for kind in probeKinds {
                html += cell(report.probeResults.first { $0.endpoint == endpoint && probeKind($0) == kind }, strict: report.strict)
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        return html
    }

    /// An id fragment made only of safe characters, unique per endpoint id.
    static func anchor(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> String in
            let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "." || scalar == "-"
            return allowed ? String(scalar) : "_" + String(scalar.value, radix: 16) + "_"
        }.joined())
    }
}
