import Foundation

/// The report a person reads in a terminal: a header naming what was checked, one aligned row per
/// endpoint and then per auth probe, each result's findings under it, the run's own findings in a
/// block of their own, and a summary line.
///
/// ```
/// apicheck live  http://staging.example.com/Api/  11 endpoints + 2 auth probes, concurrency 8
///   ok    account.login          POST  Account/login            41 ms
///   FAIL  statuses.homeTimeline  GET   statuses/home_timeline   57 ms
///         error    decode       $.datas.statuses[0].user.screen_name  expected String, found absent
/// ```
public enum TextReport {
    /// Renders the whole report. The context's `color` adds ANSI colours (the caller decides: a
    /// TTY, no `NO_COLOR`); file names under its directory print relative to it; `verbose` adds
    /// the command that repeats each call.
    public static func render(_ report: Report, context: RenderContext) -> String {
        let report = report.forDisplay
        let currentDirectory = context.directory
        let style = Style(enabled: context.color)
        var lines: [String] = []
        lines.append(style.bold("\(context.tool) \(report.command.rawValue)") + "  " + report.target + "  " + report.scopeDescription)

        let showTimes = report.command.callsServer
        // By role, as lazy views of the results: copies of 20,000 results per role made the peak
        // of a big run.
        let roles: [CheckResult.Role] = [.endpoint, .probe, .paging, .errorCheck]
        for group in roles.map({ role in report.results.lazy.filter { $0.role == role } }) where !group.isEmpty {
            let nameWidth = group.map { $0.name.count }.max() ?? 0
            let methodWidth = group.map { $0.method.count }.max() ?? 0
            let pathWidth = group.map { $0.displayPath.count }.max() ?? 0
            let outcomes = Array(group.map(outcomeText))
            let outcomeWidth = outcomes.map(\.count).max() ?? 0
            let msWidth = group.compactMap { $0.totalMilliseconds.map { String($0).count } }.max() ?? 0

            for (result, outcome) in zip(group, outcomes) {
                let status = result.status(strict: report.strict)
                var row =
                    "  " + style.status(status) + "  " + pad(result.name, nameWidth)
                    + "  " + pad(result.method, methodWidth) + "  " + pad(result.displayPath, pathWidth)
                if let skipped = result.skipped {
                    row += "  skipped: " + skipped.rawValue
                } else {
                    if outcomeWidth > 0 { row += "  " + pad(outcome, outcomeWidth) }
                    if showTimes, let ms = result.totalMilliseconds {
                        row += "  " + style.dim(String(repeating: " ", count: msWidth - String(ms).count) + "\(ms) ms")
                        if result.role == .endpoint, let timings = result.timings { row += "  " + style.dim(phases(timings)) }
                    }
                }
                lines.append(trimTrailing(row))
                lines += findingLines(result.findings, style: style, currentDirectory: currentDirectory, showEndpoint: false)
                if context.verbose, let command = result.reproduceCommand {
                    lines.append(findingIndent + style.dim("reproduce: " + command))
                }
                if context.verbose, let traceparent = result.traceparent {
                    lines.append(findingIndent + style.dim("traceparent: " + traceparent))
                }
            }
        }

        if !report.runFindings.isEmpty {
            let status: CheckResult.Status =
                report.runFindings.contains { $0.severity == .error }
                    || (report.strict && report.runFindings.contains { $0.severity == .warning })
                ? .fail
                : report.runFindings.contains { $0.severity == .warning } ? .warn : .ok
            lines.append("  " + style.status(status) + "  run")
            lines += findingLines(report.runFindings, style: style, currentDirectory: currentDirectory, showEndpoint: true)
        }

        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// libcurl's phases, each from the start of the request: `(dns 1.2, connect 3.1, tls 9.4,
    /// first byte 39) ms`. Phases that did not happen (a reused connection) are left out.
    static func phases(_ timings: Timings) -> String {
        func ms(_ seconds: Double) -> String {
            let value = seconds * 1000
            return value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))
        }
        var parts: [String] = []
        if timings.dns > 0 { parts.append("dns " + ms(timings.dns)) }
        if timings.connect > 0 { parts.append("connect " + ms(timings.connect)) }
        if timings.tls > 0 { parts.append("tls " + ms(timings.tls)) }
        parts.append("first byte " + ms(timings.firstByte))
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// The progress line for stderr while a run goes on: `[ 7/11] 1 failed`.
    public static func progressLine(done: Int, total: Int, failed: Int) -> String {
        let width = String(total).count
        let doneText = String(repeating: " ", count: max(0, width - String(done).count)) + String(done)
        var line = "[\(doneText)/\(total)] checked"
        if failed > 0 { line += ", \(failed) failed" }
        return line
    }

    // MARK: - Pieces

    /// `403 -> tokenExpired` for probes (and any result whose answer classified); a proxy's
    /// endpoint's outcomes (`4 exchanges: success 3, HTTP 404 1`); empty otherwise.
    private static func outcomeText(_ result: CheckResult) -> String {
        guard result.role != .endpoint else {
            if case let .text(outcomes)? = result.classification { return outcomes }
            return ""
        }
        switch (result.status, result.classification) {
        case let (status?, outcome?): return "\(status) -> \(outcome)"
        case let (status?, nil): return "\(status)"
        case let (nil, outcome?): return outcome.name
        case (nil, nil): return ""
        }
    }

    private static let findingIndent = String(repeating: " ", count: 8)

    private static func findingLines(
        _ findings: [Finding], style: Style, currentDirectory: String?,
        showEndpoint: Bool
    ) -> [String] {
        let locations = findings.map { finding in
            [showEndpoint ? finding.endpoint : nil, finding.path]
                .compactMap { $0 }.joined(separator: " ")
        }
        let kindWidth = findings.map { $0.kind.rawValue.count }.max() ?? 0
        let locationWidth = locations.map(\.count).max() ?? 0
        var lines: [String] = []
        for (finding, location) in zip(findings, locations) {
            var detail = finding.detail
            if let file = finding.file { detail += "  [" + Finding.displayPath(file, relativeTo: currentDirectory) + "]" }
            let continuation =
                "\n" + findingIndent + String(repeating: " ", count: 9 + kindWidth + 2 + locationWidth + (locationWidth > 0 ? 2 : 0))
            var line = findingIndent + style.severity(finding.severity) + "  " + pad(finding.kind.rawValue, kindWidth)
            if locationWidth > 0 { line += "  " + pad(location, locationWidth) }
            line += "  " + detail.replacingOccurrences(of: "\n", with: continuation)
            lines.append(trimTrailing(line))
        }
        return lines
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// ANSI styling, or none.
    private struct Style {
        let enabled: Bool

        func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        func bold(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }

        func status(_ status: CheckResult.Status) -> String {
            let text = pad(status.rawValue, 4)
            switch status {
            case .ok: return wrap(text, "32")
            case .warn: return wrap(text, "33")
            case .fail: return wrap(text, "1;31")
            case .skip: return wrap(text, "33")
            }
        }

        func severity(_ severity: Finding.Severity) -> String {
            let text = pad(severity.rawValue, 7)
            switch severity {
            case .error: return wrap(text, "31")
            case .warning: return wrap(text, "33")
            case .info: return wrap(text, "36")
            }
        }
    }
}
