import Foundation
import TestSupport
import Testing
#if canImport(FoundationXML)
    import FoundationXML
#endif
@testable import APICheck

/// The four renderers over fixed reports, pinned by golden files in `Golden/`.
/// Run with `APICHECK_RECORD_GOLDEN=1` to rewrite the golden files from the current output.
@Suite struct ReportTests {
    // MARK: - Golden files

    @Test func liveText() throws {
        try GoldenFile.expect(
            TextReport.render(
                ReportFixtures.live, context: RenderContext(tool: "apicheck", directory: ReportFixtures.workspace, color: false)),
            "live.txt")
    }

    @Test func liveColorText() throws {
        try GoldenFile.expect(
            TextReport.render(
                ReportFixtures.live, context: RenderContext(tool: "apicheck", directory: ReportFixtures.workspace, color: true)),
            "live-color.txt")
    }

    @Test func liveJSON() throws {
        try GoldenFile.expect(JSONReport.render(ReportFixtures.live, context: RenderContext(tool: "apicheck", exitCode: 1)), "live.json")
    }

    @Test func liveJUnit() throws {
        try GoldenFile.expect(
            JUnitReport.render(ReportFixtures.live, context: RenderContext(tool: "apicheck", exitCode: 1)), "live.junit.xml")
    }

    @Test func liveGitHubAnnotations() throws {
        try GoldenFile.expect(
            GitHubReport.annotations(ReportFixtures.live, context: RenderContext(tool: "apicheck", directory: ReportFixtures.workspace)),
            "live.github.txt")
    }

    @Test func liveGitHubSummary() throws {
        try GoldenFile.expect(
            GitHubReport.summaryMarkdown(
                ReportFixtures.live, context: RenderContext(tool: "apicheck", directory: ReportFixtures.workspace, exitCode: 1)),
            "live.summary.md")
    }

    @Test func mocksText() throws {
        try GoldenFile.expect(
            TextReport.render(
                ReportFixtures.mocks, context: RenderContext(tool: "apicheck", directory: ReportFixtures.workspace, color: false)),
            "mocks.txt")
    }

    @Test func unreachableText() throws {
        try GoldenFile.expect(
            TextReport.render(
                ReportFixtures.unreachable, context: RenderContext(tool: "apicheck", directory: ReportFixtures.workspace, color: false)),
            "unreachable.txt")
    }

    @Test func unreachableJUnit() throws {
        try GoldenFile.expect(
            JUnitReport.render(ReportFixtures.unreachable, context: RenderContext(tool: "apicheck", exitCode: 3)), "unreachable.junit.xml")
    }

    // MARK: - Structure

    /// The base URL itself (Kinto's `GET /v1/`, a path relative to it that is empty) shows as `/`.
    @Test func theRootPathShowsAsASlash() {
        func shown(_ path: String, _ requested: String?) -> String {
            CheckResult(name: "root", role: .endpoint, endpoint: "root", method: "GET", path: path, requestPath: requested).displayPath
        }
        #expect(shown("", nil) == "/" && shown("", "") == "/" && shown("", "?_since=1") == "/?_since=1")
        #expect(shown("buckets/{id}", "buckets/demo") == "buckets/demo" && shown("buckets", nil) == "buckets")
    }

    @Test func summaryCounts() {
        let summary = ReportFixtures.live.summary
        #expect(
            summary
                == Report.Summary(
                    endpoints: 7, endpointsPassed: 4, endpointsSkipped: 1, probes: 2, probesPassed: 1,
                    probesSkipped: 0, pagingChecks: 0, pagingChecksPassed: 0, pagingChecksSkipped: 0,
                    errors: 3, warnings: 2, infos: 1))
        #expect(
            ReportFixtures.live.summaryLine
                == "7 endpoints: 4 ok, 2 failed, 1 skipped; 2 probes: 1 ok, 1 failed; 3 errors, 2 warnings, 1 info; 0.41 s")
        #expect(ReportFixtures.unreachable.verdict == .unreachable)
        #expect(ReportFixtures.mocks.summaryLine == "3 endpoints: 1 ok, 2 failed; 2 errors, 1 warning")
    }

    @Test func strictTurnsWarningsIntoFailures() {
        var report = ReportFixtures.live
        let users = report.results.first { $0.name == "users.lookup" }!
        #expect(users.status(strict: false) == .warn)
        #expect(users.status(strict: true) == .fail)
        report.strict = true
        #expect(report.summary.endpointsPassed == 3)
        #expect(TextReport.render(report, context: RenderContext(tool: "apicheck", color: false)).contains("  FAIL  users.lookup"))
        #expect(
            JUnitReport.render(report, context: RenderContext(tool: "apicheck")).contains("<failure message=\"$.datas[*].avatar_large: "))
    }

    @Test func progressLine() {
        #expect(TextReport.progressLine(done: 7, total: 11, failed: 1) == "[ 7/11] checked, 1 failed")
        #expect(TextReport.progressLine(done: 11, total: 11, failed: 0) == "[11/11] checked")
    }

    @Test func junitIsWellFormedXML() throws {
        for report in [ReportFixtures.live, ReportFixtures.unreachable, ReportFixtures.mocks, ReportFixtures.hostile] {
            let xml = JUnitReport.render(report, context: RenderContext(tool: "apicheck"))
            let document = try XMLDocument(data: Data(xml.utf8), options: [])
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            let suites = root.elements(forName: "testsuite")
            try #require(suites.count == 1)
            let cases = suites[0].elements(forName: "testcase")
            #expect(cases.count == report.results.count + (report.runFindings.isEmpty ? 0 : 1))
            #expect(root.attribute(forName: "tests")?.stringValue == String(cases.count))
        }
        let root = try #require(
            try XMLDocument(data: Data(JUnitReport.render(ReportFixtures.live, context: RenderContext(tool: "apicheck")).utf8), options: [])
                .rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "3")
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let unreachable = try #require(
            try XMLDocument(
                data: Data(JUnitReport.render(ReportFixtures.unreachable, context: RenderContext(tool: "apicheck")).utf8), options: []
            ).rootElement())
        #expect(unreachable.attribute(forName: "errors")?.stringValue == "1")
        #expect(unreachable.attribute(forName: "failures")?.stringValue == "0")
    }

    @Test func jsonHasTheDocumentedKeys() throws {
        let rendered = JSONReport.render(ReportFixtures.live, context: RenderContext(tool: "apicheck", exitCode: 1))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "schema", "command", "api", "target", "startedAt", "durationSeconds", "concurrency",
                "shard", "runId", "environment", "plan", "strict", "verdict", "exitCode", "summary", "results", "runFindings",
            ])
        #expect(object["verdict"] as? String == "violated")
        #expect(object["schema"] as? String == "apicheck-report/1")
        #expect(object["startedAt"] as? String == "2026-01-05T09:30:00.000Z")
        #expect(object["exitCode"] as? Int == 1)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(
            Set(summary.keys) == [
                "endpoints", "endpointsPassed", "endpointsSkipped", "probes", "probesPassed",
                "probesSkipped", "pagingChecks", "pagingChecksPassed", "pagingChecksSkipped",
                "errorChecks", "errorChecksPassed", "errorChecksSkipped", "errors", "warnings", "infos",
            ])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == ReportFixtures.live.results.count)
        for result in results {
            #expect(
                Set(result.keys) == [
                    "name", "role", "endpoint", "method", "path", "requestPath", "reproduce", "traceparent", "status",
                    "outcome", "skipped", "skipChosen", "passed", "timings", "findings",
                ])
            if let timings = result["timings"] as? [String: Double] {
                #expect(Set(timings.keys) == ["dnsMs", "connectMs", "tlsMs", "firstByteMs", "totalMs"])
            }
            for finding in try #require(result["findings"] as? [[String: Any]]) {
                #expect(
                    Set(finding.keys) == [
                        "kind", "severity", "category", "endpoint", "path", "expected", "found",
                        "message", "file",
                    ])
            }
        }
        // `path` is the declared template, `requestPath` what was sent (null when nothing was).
        let show = try #require(results.first { $0["name"] as? String == "users.show" })
        #expect(show["path"] as? String == "users/{id}")
        #expect(show["requestPath"] as? String == "users/1000000006")
        let skipped = try #require(results.first { $0["name"] as? String == "account.logout" })
        #expect(skipped["requestPath"] is NSNull)
        let failing = try #require(results.first { $0["name"] as? String == "statuses.homeTimeline" })
        #expect(failing["passed"] as? Bool == false)
        #expect((failing["timings"] as? [String: Double])?["totalMs"] == 57.25)
    }

    /// Every message comes back as `DisplayText` shows it: line breaks kept, controls as escapes.
    @Test func jsonRoundTripsEveryMessage() throws {
        let text = JSONReport.render(ReportFixtures.hostile, context: RenderContext(tool: "apicheck"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let findings = try #require(results.first?["findings"] as? [[String: Any]])
        #expect(
            findings.first?["message"] as? String
                == "$.datas['a,b']: <b> & \"quoted\" 'single'\nsecond line\\u{D}bell\\u{1}\\u{1B}[31m 100%")
    }

    @Test func escaping() throws {
        let xml = JUnitReport.render(ReportFixtures.hostile, context: RenderContext(tool: "apicheck"))
        #expect(xml.contains("&lt;b&gt; &amp; &quot;quoted&quot; &#39;single&#39;"))
        #expect(!xml.contains("\u{1}"))
        #expect(!xml.contains("<b>"))
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        let failure = try #require(
            document.rootElement()?.elements(forName: "testsuite").first?
                .elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(
            failure.attribute(forName: "message")?.stringValue
                == "$.datas['a,b']: <b> & \"quoted\" 'single'\nsecond line\\u{D}bell\\u{1}\\u{1B}[31m 100%")

        let annotations = GitHubReport.annotations(ReportFixtures.hostile, context: RenderContext(tool: "apicheck", directory: "/ws"))
        #expect(
            annotations.hasPrefix(
                "::error file=mocks/we%2Cird%3Aname.json,title=apicheck server-code users.show"
                    + "::users.show $.datas['a,b'] <b> & \"quoted\" 'single'%0Asecond line\\u{D}bell\\u{1}\\u{1B}[31m 100%25\n"))
        #expect(annotations.split(separator: "\n").last?.hasPrefix("::notice title=apicheck live::") == true)

        let text = TextReport.render(ReportFixtures.hostile, context: RenderContext(tool: "apicheck", directory: "/ws", color: false))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{1}"))
        #expect(text.contains("<b> & \"quoted\" 'single'\n"))

        let markdown = GitHubReport.summaryMarkdown(ReportFixtures.hostile, context: RenderContext(tool: "apicheck", directory: "/ws"))
        #expect(markdown.contains("&lt;b&gt; &amp; \"quoted\" 'single' second line\\\\u{D}bell\\\\u{1}\\\\u{1B}\\[31m"))
        #expect(!markdown.contains("<b>"))
        #expect(!markdown.contains("\u{1B}"))
        #expect(!markdown.contains("\u{1}"))
    }

    @Test func filesAreRelativeToTheCurrentDirectory() {
        #expect(Finding.displayPath("/work/demo/mocks/a.json", relativeTo: "/work/demo") == "mocks/a.json")
        #expect(Finding.displayPath("/work/demo/mocks/a.json", relativeTo: "/work/demo/") == "mocks/a.json")
        #expect(Finding.displayPath("/work/demolition/a.json", relativeTo: "/work/demo") == "/work/demolition/a.json")
        #expect(Finding.displayPath("mocks/a.json", relativeTo: "/work/demo") == "mocks/a.json")
        #expect(Finding.displayPath("/work/demo/a.json", relativeTo: nil) == "/work/demo/a.json")
    }

    @Test func secretsNeverShow() {
        let redactor = Redactor(fieldNames: ["utoken", "password", "access_token"])
        let token = "tok-5f1c9a8e77d24b0c"
        let password = "hunter2-correct-horse"
        redactor.register(token)
        redactor.register(password)
        let leaky = [
            "token \(token) was refused",
            "body starts \"{\"code\":0,\"datas\":{\"utoken\":\"\(token)\",\"password\":\"\(password)\"}}\"",
            "GET http://staging.example.com/Api/statuses/home_timeline?access_token=\(token)&page=1 timed out",
            "login as demo with password \(password) failed",
        ]
        let findings = leaky.map {
            Finding(
                kind: .notJSON, severity: .error, endpoint: "statuses.homeTimeline",
                expected: redactor.redact("utoken=\(token)"), found: redactor.redact($0), message: redactor.redact($0))
        }
        let report = Report(
            command: .live, api: "demo", target: "http://staging.example.com/Api/",
            startedAt: ReportFixtures.started, duration: 1, concurrency: 2,
            results: [
                CheckResult(
                    name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline",
                    method: "GET", path: "statuses/home_timeline", findings: findings)
            ],
            runFindings: [
                Finding(
                    kind: .login, severity: .error, category: .harness, endpoint: nil,
                    message: redactor.redact("login failed for password=\(password)"))
            ])
        let outputs = [
            TextReport.render(report, context: RenderContext(tool: "apicheck", color: false)),
            TextReport.render(report, context: RenderContext(tool: "apicheck", color: true)),
            JSONReport.render(report, context: RenderContext(tool: "apicheck")),
            JUnitReport.render(report, context: RenderContext(tool: "apicheck")),
            GitHubReport.annotations(report, context: RenderContext(tool: "apicheck")),
            GitHubReport.summaryMarkdown(report, context: RenderContext(tool: "apicheck")),
        ]
        for output in outputs {
            #expect(!output.contains(token))
            #expect(!output.contains(password))
            #expect(!output.contains("5f1c9a8e"))
            #expect(output.contains(Redactor.mask) || output.contains("\\*\\*\\*"))
        }
    }
}
