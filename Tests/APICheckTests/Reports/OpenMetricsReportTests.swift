import Foundation
import TestSupport
import Testing
@testable import APICheck

/// The OpenMetrics report: pinned by a golden file, every family's samples together, label
/// values escaped so that no server text can end a label or a line.
@Suite struct OpenMetricsReportTests {
    static var sharded: Report {
        var report = ReportFixtures.live
        report.shard = Shard(index: 2, count: 4)
        report.environment = "staging"
        report.runID = "github-42-1"
        return report
    }

    @Test func golden() throws {
        try GoldenFile.expect(
            OpenMetricsReport.render(Self.sharded, context: RenderContext(tool: "apicheck", exitCode: 1)),
            "live.openmetrics.txt")
    }

    @Test func samplesOfAFamilyStayTogetherAndTheTextEndsWithEOF() {
        let text = OpenMetricsReport.render(Self.sharded, context: RenderContext(tool: "apicheck"))
        #expect(text.hasSuffix("\n# EOF\n"))
        var seen: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let name = String(line.prefix { $0 != "{" && $0 != " " })
            if seen.last != name {
                #expect(!seen.contains(name), "\(name) is split")
                seen.append(name)
            }
        }
        #expect(seen.contains("apicheck_check_latency_seconds") && seen.contains("apicheck_run_verdict"))
    }

    @Test func labelValuesAreEscaped() {
        var report = ReportFixtures.hostile
        report.environment = "a\"b\\c\nd"
        let text = OpenMetricsReport.render(report, context: RenderContext(tool: "apicheck"))
        // A line feed reaches no label: the report shown escapes it, as every renderer's does.
        #expect(text.contains(#"environment="a\"b\\c\\u{A}d""#))
        // Each sample is one line of `name{labels} value`: nothing a server sent breaks one.
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty && !line.hasPrefix("#") {
            #expect(
                line.range(of: #"^[a-z_]+\{([a-z_]+="([^"\\]|\\.)*",?)*\} [0-9.e+-]+$"#, options: .regularExpression) != nil,
                "\(line)")
        }
    }
}
