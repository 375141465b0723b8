extension HTMLReport {
    /// The findings by endpoint (the run's own first), each group with the commands that reproduce
    /// the call and refresh the mock.
    static func findings(_ report: Report, tool: String, currentDirectory: String?, history: ReportHistory? = nil) -> String {
        var html = "<section id=\"findings\">\n<h2>Findings</h2>\n"
        html += """
            <div id="filters" hidden><label>Filter <input id="filter-text" type="search" placeholder="endpoint, kind, path, text"></label>
            <label>Severity <select id="filter-severity"><option value="">all</option><option value="error">error</option><option value="warning">warning</option><option value="info">info</option></select></label></div>

            """
        if report.allFindings.isEmpty { html += "<p class=\"none\">No findings.</p>\n" }
        if !report.runFindings.isEmpty {
            html += "<section class=\"group\" id=\"run-findings\">\n<h3>The run</h3>\n"
            html += table(
                report.runFindings, showEndpoint: true, currentDirectory: currentDirectory, history: history.map { (name: "-", past: $0) })
            html += "</section>\n"
        }
        var endpoints: [String] = []
        for result in report.results where !result.findings.isEmpty && !endpoints.contains(result.endpoint) {
            endpoints.append(result.endpoint)
        }
        for endpoint in endpoints {
            let results = report.results.filter { $0.endpoint == endpoint && !$0.findings.isEmpty }
            html += "<section class=\"group\" id=\"ep-\(anchor(endpoint))\">\n<h3>\(e(endpoint))</h3>\n"
            for result in results {
                if result.role != .endpoint { html += "<h4>\(e(probeKind(result)))</h4>\n" }
                html += table(
                    result.findings, showEndpoint: false, currentDirectory: currentDirectory,
                    history: history.map { (name: result.name, past: $0) })
                html += commands(result, tool: tool)
            }
            html += "</section>\n"
        }
        html += "</section>\n"
        return html
    }

    /// `history`: the name the store keeps the findings under, and what it knew before this run.
    private static func table(
        _ findings: [Finding], showEndpoint: Bool, currentDirectory: String?,
        history: (name: String, past: ReportHistory)?
    ) -> String {
        var html = "<table class=\"findings\">\n<thead><tr><th>severity</th><th>kind</th>"
        if showEndpoint { html += "<th>endpoint</th>" }
        html += "<th>JSONPath</th><th>expected</th><th>found</th><th>message</th><th>mock file</th>"
        if history != nil { html += "<th>first seen</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for finding in findings {
            let severity = finding.severity.rawValue
            html +=
                "<tr class=\"sev-\(severity)\" data-severity=\"\(severity)\"><td><span class=\"badge sev-\(severity)\">\(severity)</span></td>"
            html += "<td>\(e(finding.kind.rawValue))</td>"
            if showEndpoint { html += "<td>\(e(finding.endpoint ?? ""))</td>" }
            html += "<td><code>\(e(finding.path ?? ""))</code></td><td>\(e(finding.expected ?? ""))</td><td>\(e(finding.found ?? ""))</td>"
            html += "<td class=\"message\">\(e(finding.detail))</td>"
            html += "<td><code>\(e(finding.file.map { Finding.displayPath($0, relativeTo: currentDirectory) } ?? ""))</code></td>"
            if let history { html += firstSeenCell(finding, name: history.name, history: history.past) }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        return html
    }

    private static func commands(_ result: CheckResult, tool: String) -> String {
        var lines: [(String, String)] = []
        if let command = result.reproduceCommand { lines.append(("reproduce", command)) }
        if let traceparent = result.traceparent { lines.append(("traceparent", traceparent)) }
        lines.append(("refresh the mock", ReproduceCommand.refresh(result, tool: tool)))
        var html = "<dl class=\"commands\">\n"
        for (name, command) in lines { html += "<div><dt>\(e(name))</dt><dd><code>\(e(command))</code></dd></div>\n" }
        return html + "</dl>\n"
    }
}
