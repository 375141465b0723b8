import APICheck
import Foundation
import Testing

/// The HTML report with a results history: a sparkline of each endpoint's recent verdicts, when
/// each finding first appeared, and everything the store gave escaped.
@Suite struct HTMLReportHistoryTests {
    static let decodePath = "$.datas.statuses[0].user.screen_name"

    static let history = ReportHistory(
        runs: 20,
        verdicts: [
            "statuses.homeTimeline": ["ok", "FAIL", "ok"],
            "topics.like": ["<i>ok</i>", "skip"],
        ],
        firstSeen: [
            .init(name: "statuses.homeTimeline", kind: "decode", path: decodePath):
                .init(at: Date(timeIntervalSince1970: 1_767_000_000), commit: "</code><script>alert(3)</script>")
        ])

    func render(_ history: ReportHistory?) -> String {
        HTMLReport.render(
            HTMLReportTests.live,
            context: RenderContext(
                tool: "apicheck", directory: "/work/demo", exitCode: 1,
                history: history))
    }

    @Test func eachEndpointRowShowsItsVerdictsAndThisRunsOutlined() throws {
        let page = render(Self.history)
        #expect(page.contains("<th>last 20 runs</th>"))
        // One sparkline per endpoint row with a check of its own: the timeline, like and logout.
        #expect(page.components(separatedBy: "<svg class=\"spark\"").count == 4)
        let start = try #require(page.firstRange(of: "<svg class=\"spark\" width=\"30\""))
        let bars = page[start.lowerBound...].components(separatedBy: "</svg>").first ?? ""
        #expect(bars.components(separatedBy: "<rect ").count == 5, "\(bars)")
        #expect(bars.contains("<rect class=\"s-ok\" x=\"0\""))
        #expect(bars.contains("<rect class=\"s-fail\" x=\"8\""))
        #expect(bars.contains("<rect class=\"s-fail now\" x=\"24\""))
        #expect(bars.contains("aria-label=\"2 of 3 earlier runs passed; this run FAIL\""))
        // The logout endpoint has no stored runs: only this run's bar, said to be new.
        #expect(page.contains("aria-label=\"no earlier run stored; this run skip\""))
    }

    @Test func eachFindingSaysWhenItFirstAppearedOrThatItIsNew() {
        let page = render(Self.history)
        #expect(page.contains("<th>first seen</th>"))
        #expect(page.contains("<time datetime=\"2025-12-29T09:20:00Z\">2025-12-29T09:20:00Z</time>"))
        #expect(page.contains("new in this run"))
        // The run's own findings have the column too.
        #expect(page.components(separatedBy: "<th>first seen</th>").count == 5)
    }

    @Test func whatTheStoreGaveIsEscaped() {
        let page = render(Self.history)
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(page.contains("<code>&lt;/code&gt;&lt;scri</code>"))
        #expect(!page.contains("<i>ok</i>"))
        #expect(page.contains("<rect class=\"s-other\" x=\"0\""))
        #expect(page.contains("<title>&lt;i&gt;ok&lt;/i&gt;</title>"))
    }

    @Test func thePageStaysSelfContained() {
        let page = render(Self.history)
        for external in ["src=\"http", "href=\"http", "<link", "@import", "url(", "@font-face", "<iframe", "<use", "<image"] {
            #expect(!page.contains(external), "\(external)")
        }
    }

    @Test func withoutAHistoryThePageIsAsBefore() {
        let page = render(nil)
        #expect(
            page == HTMLReport.render(HTMLReportTests.live, context: RenderContext(tool: "apicheck", directory: "/work/demo", exitCode: 1)))
        for added in ["spark", "first seen", "first-seen", "td.history"] { #expect(!page.contains(added), "\(added)") }
    }
}
