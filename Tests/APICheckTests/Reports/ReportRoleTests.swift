import APICheck
import Foundation
import Testing

/// Each role a result plays is counted and shown on its own.
@Suite struct ReportRoleTests {
    static func result(_ name: String, _ role: CheckResult.Role, probe: AuthProbe? = nil, findings: [Finding] = []) -> CheckResult {
        CheckResult(
            name: name, role: role, endpoint: "statuses.homeTimeline", method: "GET", path: "statuses/home_timeline",
            status: 200, classification: "success", findings: findings, probe: probe)
    }

    static let report = Report(
        command: .live, api: "demo", target: "http://x/Api/", duration: 0.25, concurrency: 8,
        results: [
            result("statuses.homeTimeline", .endpoint),
            result("probe token-expired statuses.homeTimeline", .probe, probe: .tokenExpired),
            result("probe revoked-token statuses.homeTimeline", .probe, probe: .revoked),
            result(
                "paging statuses.homeTimeline", .paging,
                findings: [
                    Finding(kind: .paging, severity: .error, endpoint: "statuses.homeTimeline", message: "items come twice")
                ]),
        ])

    /// A paging check is neither an endpoint nor an auth probe: the scope and the summary count it
    /// on its own, and every report keeps it apart.
    @Test func pagingChecksAreCountedApartFromProbes() throws {
        let report = Self.report
        #expect(report.scopeDescription == "1 endpoint + 2 auth probes + 1 paging check, concurrency 8")
        #expect(report.summaryLine == "1 endpoint ok; 2 probes ok; 1 paging check: 0 ok, 1 failed; 1 error, 0 warnings; 0.25 s")
        #expect(report.summary.probes == 2)
        #expect(report.summary.pagingChecks == 1)
        #expect(report.summary.pagingChecksFailed == 1)
        let context = RenderContext(tool: "apicheck")
        let text = TextReport.render(report, context: context)
        #expect(text.contains("  FAIL  paging statuses.homeTimeline  GET  statuses/home_timeline  200 -> success"), "\(text)")
        let junit = JUnitReport.render(report, context: context)
        #expect(junit.contains("classname=\"demo.paging\" name=\"paging statuses.homeTimeline\""))
        let html = HTMLReport.render(report, context: context)
        #expect(html.contains("<th>probe token-expired</th><th>probe revoked-token</th><th>paging</th>"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReport.render(report, context: context).utf8))
                as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary["probes"] == 2)
        #expect(summary["pagingChecks"] == 1)
        let roles = (json["results"] as? [[String: Any]])?.compactMap { $0["role"] as? String }
        #expect(roles == ["endpoint", "probe", "probe", "paging"])
    }

    /// The HTML table's column is the probe's kind as the result carries it, not a reading of its
    /// name: a name in another form still lands in its column.
    @Test func theHTMLColumnIsTheProbesKind() {
        let report = Report(
            command: .live, api: "demo", target: "http://x/Api/",
            results: [
                Self.result("statuses.homeTimeline", .endpoint),
                Self.result("dead token on the timeline", .probe, probe: .tokenExpired),
            ])
        #expect(HTMLReport.render(report, context: RenderContext(tool: "apicheck")).contains("<th>probe token-expired</th>"))
    }
}
