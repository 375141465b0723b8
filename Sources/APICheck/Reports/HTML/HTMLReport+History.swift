import Foundation

extension HTMLReport {
    /// The endpoint's verdicts in the last stored runs and this run's, as an inline SVG: a bar per
    /// run, oldest first, this run's outlined. Drawn in the page itself, so the Content-Security-
    /// Policy that forbids every fetch still holds; a status from the store picks a class from a
    /// closed set and shows only escaped.
    static func sparkline(past: [String], current: String) -> String {
        let statuses = past + [current]
        let width = statuses.count * 8 - 2
        let passed = past.count { $0 == "ok" || $0 == "warn" }, checked = past.count { $0 != "skip" }
        let label =
            past.isEmpty
            ? "no earlier run stored; this run \(current)"
            : "\(passed) of \(checked) earlier runs passed; this run \(current)"
        var svg =
            "<svg class=\"spark\" width=\"\(width)\" height=\"14\" viewBox=\"0 0 \(width) 14\" role=\"img\" aria-label=\"\(e(label))\">"
        for (index, status) in statuses.enumerated() {
            let isCurrent = index == statuses.count - 1
            let height = status == "skip" ? 4 : 14
            svg +=
                "<rect class=\"\(sparkClass(status))\(isCurrent ? " now" : "")\" x=\"\(index * 8)\" y=\"\(14 - height)\" "
                + "width=\"6\" height=\"\(height)\"><title>\(e(isCurrent ? "this run: \(status)" : status))</title></rect>"
        }
        svg += "</svg>"
        let counts = past.isEmpty ? "new" : "\(passed)/\(checked)"
        return "<td class=\"history\">\(svg)<small>\(e(counts))</small></td>"
    }

    private static func sparkClass(_ status: String) -> String {
        switch status {
        case "ok": "s-ok"
        case "warn": "s-warn"
        case "FAIL": "s-fail"
        case "skip": "s-skip"
        default: "s-other"
        }
    }

    /// When the store first saw a finding: that run's time and commit, or new in this run.
    static func firstSeenCell(_ finding: Finding, name: String, history: ReportHistory) -> String {
        let key = ReportHistory.FindingKey(name: name, kind: finding.kind.rawValue, path: finding.path)
        guard let seen = history.firstSeen[key] else { return "<td class=\"first-seen new\">new in this run</td>" }
        let time = seen.at.formatted(Date.ISO8601FormatStyle())
        let commit = seen.commit.map { "<br><code>\(e(String($0.prefix(12))))</code>" } ?? ""
        return "<td class=\"first-seen\"><time datetime=\"\(e(time))\">\(e(time))</time>\(commit)</td>"
    }
}
