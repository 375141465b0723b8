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
        try GoldenFile.expect(TextReport.render(Fixtures.live, context: RenderContext(tool: "apicheck", directory: Fixtures.workspace, color: false)), "live.txt")
    }

    @Test func liveColorText() throws {
        try GoldenFile.expect(TextReport.render(Fixtures.live, context: RenderContext(tool: "apicheck", directory: Fixtures.workspace, color: true)), "live-color.txt")
    }

    @Test func liveJSON() throws {
        try GoldenFile.expect(JSONReport.render(Fixtures.live, context: RenderContext(tool: "apicheck", exitCode: 1)), "live.json")
    }

    @Test func liveJUnit() throws {
        try GoldenFile.expect(JUnitReport.render(Fixtures.live, context: RenderContext(tool: "apicheck", exitCode: 1)), "live.junit.xml")
    }

    @Test func liveGitHubAnnotations() throws {
        try GoldenFile.expect(GitHubReport.annotations(Fixtures.live, context: RenderContext(tool: "apicheck", directory: Fixtures.workspace)), "live.github.txt")
    }

    @Test func liveGitHubSummary() throws {
        try GoldenFile.expect(GitHubReport.summaryMarkdown(Fixtures.live, context: RenderContext(tool: "apicheck", directory: Fixtures.workspace, exitCode: 1)),
                              "live.summary.md")
    }

    @Test func mocksText() throws {
        try GoldenFile.expect(TextReport.render(Fixtures.mocks, context: RenderContext(tool: "apicheck", directory: Fixtures.workspace, color: false)), "mocks.txt")
    }

    @Test func unreachableText() throws {
        try GoldenFile.expect(TextReport.render(Fixtures.unreachable, context: RenderContext(tool: "apicheck", directory: Fixtures.workspace, color: false)),
                         "unreachable.txt")
    }

    @Test func unreachableJUnit() throws {
        try GoldenFile.expect(JUnitReport.render(Fixtures.unreachable, context: RenderContext(tool: "apicheck", exitCode: 3)), "unreachable.junit.xml")
    }

    // MARK: - Structure

    @Test func summaryCounts() {
        let summary = Fixtures.live.summary
        #expect(summary == Report.Summary(endpoints: 7, endpointsPassed: 4, endpointsSkipped: 1, probes: 2, probesPassed: 1,
                                          probesSkipped: 0, pagingChecks: 0, pagingChecksPassed: 0, pagingChecksSkipped: 0,
                                          errors: 3, warnings: 2, infos: 1))
        #expect(Fixtures.live.summaryLine == "7 endpoints: 4 ok, 2 failed, 1 skipped; 2 probes: 1 ok, 1 failed; 3 errors, 2 warnings, 1 info; 0.41 s")
        #expect(Fixtures.unreachable.verdict == .unreachable)
        #expect(Fixtures.mocks.summaryLine == "3 endpoints: 1 ok, 2 failed; 2 errors, 1 warning")
    }

    @Test func strictTurnsWarningsIntoFailures() {
        var report = Fixtures.live
        let users = report.results.first { $0.name == "users.lookup" }!
        #expect(users.status(strict: false) == .warn)
        #expect(users.status(strict: true) == .fail)
        report.strict = true
        #expect(report.summary.endpointsPassed == 3)
        #expect(TextReport.render(report, context: RenderContext(tool: "apicheck", color: false)).contains("  FAIL  users.lookup"))
        #expect(JUnitReport.render(report, context: RenderContext(tool: "apicheck")).contains("<failure message=\"$.datas[*].avatar_large: "))
    }

    @Test func progressLine() {
        #expect(TextReport.progressLine(done: 7, total: 11, failed: 1) == "[ 7/11] checked, 1 failed")
        #expect(TextReport.progressLine(done: 11, total: 11, failed: 0) == "[11/11] checked")
    }

    @Test func junitIsWellFormedXML() throws {
        for report in [Fixtures.live, Fixtures.unreachable, Fixtures.mocks, Fixtures.hostile] {
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
        let root = try #require(try XMLDocument(data: Data(JUnitReport.render(Fixtures.live, context: RenderContext(tool: "apicheck")).utf8), options: []).rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "3")
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let unreachable = try #require(try XMLDocument(data: Data(JUnitReport.render(Fixtures.unreachable, context: RenderContext(tool: "apicheck")).utf8), options: []).rootElement())
        #expect(unreachable.attribute(forName: "errors")?.stringValue == "1")
        #expect(unreachable.attribute(forName: "failures")?.stringValue == "0")
    }

    @Test func jsonHasTheDocumentedKeys() throws {
        let rendered = JSONReport.render(Fixtures.live, context: RenderContext(tool: "apicheck", exitCode: 1))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "command", "api", "target", "startedAt", "durationSeconds", "concurrency",
                                     "strict", "verdict", "exitCode", "summary", "results", "runFindings"])
        #expect(object["verdict"] as? String == "violated")
        #expect(object["schema"] as? String == "apicheck-report/1")
        #expect(object["startedAt"] as? String == "2026-01-05T09:30:00.000Z")
        #expect(object["exitCode"] as? Int == 1)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(Set(summary.keys) == ["endpoints", "endpointsPassed", "endpointsSkipped", "probes", "probesPassed",
                                      "probesSkipped", "pagingChecks", "pagingChecksPassed", "pagingChecksSkipped",
                                      "errors", "warnings", "infos"])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == Fixtures.live.results.count)
        for result in results {
            #expect(Set(result.keys) == ["name", "role", "endpoint", "method", "path", "requestPath", "reproduce", "status", "outcome",
                                         "skipped", "passed", "timings", "findings"])
            if let timings = result["timings"] as? [String: Double] {
                #expect(Set(timings.keys) == ["dnsMs", "connectMs", "tlsMs", "firstByteMs", "totalMs"])
            }
            for finding in try #require(result["findings"] as? [[String: Any]]) {
                #expect(Set(finding.keys) == ["kind", "severity", "category", "endpoint", "path", "expected", "found",
                                              "message", "file"])
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
        let text = JSONReport.render(Fixtures.hostile, context: RenderContext(tool: "apicheck"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let findings = try #require(results.first?["findings"] as? [[String: Any]])
        #expect(findings.first?["message"] as? String
            == "$.datas['a,b']: <b> & \"quoted\" 'single'\nsecond line\\u{D}bell\\u{1}\\u{1B}[31m 100%")
    }

    @Test func escaping() throws {
        let xml = JUnitReport.render(Fixtures.hostile, context: RenderContext(tool: "apicheck"))
        #expect(xml.contains("&lt;b&gt; &amp; &quot;quoted&quot; &apos;single&apos;"))
        #expect(!xml.contains("\u{1}"))
        #expect(!xml.contains("<b>"))
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        let failure = try #require(document.rootElement()?.elements(forName: "testsuite").first?
            .elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "$.datas['a,b']: <b> & \"quoted\" 'single'\nsecond line\\u{D}bell\\u{1}\\u{1B}[31m 100%")

        let annotations = GitHubReport.annotations(Fixtures.hostile, context: RenderContext(tool: "apicheck", directory: "/ws"))
        #expect(annotations.hasPrefix("::error file=mocks/we%2Cird%3Aname.json,title=apicheck server-code users.show"
            + "::users.show $.datas['a,b'] <b> & \"quoted\" 'single'%0Asecond line\\u{D}bell\\u{1}\\u{1B}[31m 100%25\n"))
        #expect(annotations.split(separator: "\n").last?.hasPrefix("::notice title=apicheck live::") == true)

        let text = TextReport.render(Fixtures.hostile, context: RenderContext(tool: "apicheck", directory: "/ws", color: false))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{1}"))
        #expect(text.contains("<b> & \"quoted\" 'single'\n"))

        let markdown = GitHubReport.summaryMarkdown(Fixtures.hostile, context: RenderContext(tool: "apicheck", directory: "/ws"))
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
            Finding(kind: .notJSON, severity: .error, endpoint: "statuses.homeTimeline",
                    expected: redactor.redact("utoken=\(token)"), found: redactor.redact($0), message: redactor.redact($0))
        }
        let report = Report(command: .live, api: "demo", target: "http://staging.example.com/Api/",
                            startedAt: Fixtures.started, duration: 1, concurrency: 2,
                            results: [CheckResult(name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline",
                                                  method: "GET", path: "statuses/home_timeline", findings: findings)],
                            runFindings: [Finding(kind: .login, severity: .error, category: .harness, endpoint: nil,
                                                  message: redactor.redact("login failed for password=\(password)"))])
        let outputs = [
            TextReport.render(report, context: RenderContext(tool: "apicheck", color: false)), TextReport.render(report, context: RenderContext(tool: "apicheck", color: true)), JSONReport.render(report, context: RenderContext(tool: "apicheck")),
            JUnitReport.render(report, context: RenderContext(tool: "apicheck")), GitHubReport.annotations(report, context: RenderContext(tool: "apicheck")), GitHubReport.summaryMarkdown(report, context: RenderContext(tool: "apicheck")),
        ]
        for output in outputs {
            #expect(!output.contains(token))
            #expect(!output.contains(password))
            #expect(!output.contains("5f1c9a8e"))
            #expect(output.contains(Redactor.mask) || output.contains("\\*\\*\\*"))
        }
    }
}

/// Fixed reports: nothing here depends on the clock, the machine or the current directory.
private enum Fixtures {
    static let started = Date(timeIntervalSince1970: 1_767_605_400) // 2026-01-05T09:30:00Z
    static let workspace = "/work/demo"

    static func timed(_ totalMs: Double, firstByteMs: Double? = nil) -> Timings {
        Timings(dns: 0.0012, connect: 0.0031, tls: 0.0094, firstByte: (firstByteMs ?? totalMs - 2) / 1000, total: totalMs / 1000)
    }

    /// A request as the run sent it, the token and the password standing as their variables.
    static func sent(_ method: HTTPMethod, _ path: String, body: String? = nil) -> SentRequest {
        let request = HTTPRequest(method: method, url: URL(string: "http://staging.example.com/Api/" + path)!,
                                  headers: [("os", "Linux")], body: body.map { Data($0.utf8) })
        return SentRequest(request, variables: [.init(value: "tok-123", name: "TOKEN"), .init(value: "s3cret!", name: "APICHECK_PASSWORD")],
                           isSecret: { _ in false })
    }

    static let live = Report(
        command: .live, api: "demo", target: "http://staging.example.com/Api/", startedAt: started, duration: 0.4137,
        concurrency: 8,
        results: [
            CheckResult(name: "account.login", role: .endpoint, endpoint: "account.login", method: "POST",
                        path: "Account/login", status: 200, outcome: "success", timings: timed(41.3),
                        requestPath: "Account/login",
                        request: sent(.post, "Account/login", body: #"{"account":"demo","password":"s3cret!"}"#)),
            CheckResult(name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline", method: "GET",
                        path: "statuses/home_timeline", status: 200, outcome: "success", timings: timed(57.25),
                        findings: [
                            Finding(kind: .decode, severity: .error, endpoint: "statuses.homeTimeline",
                                    path: JSONPath([.key("datas"), .key("statuses"), .index(0), .key("user"), .key("screen_name")]),
                                    expected: "String", found: "absent",
                                    message: "$.datas.statuses[0].user.screen_name: expected String, found absent"),
                            Finding(kind: .driftAdded, severity: .warning, endpoint: "statuses.homeTimeline",
                                    path: JSONPath([.key("datas"), .key("statuses"), .anyIndex, .key("user"), .key("screenName")]),
                                    found: "String", message: "not in the mock or the decode type",
                                    file: "/work/demo/mocks/statuses.homeTimeline.json"),
                        ], requestPath: "statuses/home_timeline",
                        request: sent(.get, "statuses/home_timeline?count=20&q=rate%28up%5B1m%5D%29&access_token=tok-123")),
            CheckResult(name: "statuses.publicTimeline", role: .endpoint, endpoint: "statuses.publicTimeline", method: "GET",
                        path: "statuses/public_timeline", status: 200, outcome: "success", timings: timed(38.9),
                        findings: [
                            Finding(kind: .redirect, severity: .info, endpoint: "statuses.publicTimeline",
                                    message: "first byte after 36 ms"),
                        ], requestPath: "statuses/public_timeline"),
            CheckResult(name: "statuses.update", role: .endpoint, endpoint: "statuses.update", method: "POST",
                        path: "statuses/update", timings: Timings(total: 10.0021),
                        findings: [
                            Finding(kind: .timeout, severity: .error, category: .contract, endpoint: "statuses.update",
                                    message: "no answer within 10 s"),
                        ], requestPath: "statuses/update"),
            CheckResult(name: "users.lookup", role: .endpoint, endpoint: "users.lookup", method: "GET",
                        path: "users/lookup", status: 200, outcome: "success", timings: timed(112.4),
                        findings: [
                            Finding(kind: .driftRemoved, severity: .warning, endpoint: "users.lookup",
                                    path: JSONPath([.key("datas"), .anyIndex, .key("avatar_large")]), expected: "String",
                                    found: "absent", message: "in the mock, gone live",
                                    file: "/work/demo/mocks/users.lookup.json"),
                        ], requestPath: "users/lookup"),
            CheckResult(name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET",
                        path: "users/{id}", status: 200, outcome: "success", timings: timed(9.6),
                        requestPath: "users/1000000006"),
            CheckResult(name: "account.logout", role: .endpoint, endpoint: "account.logout", method: "POST",
                        path: "Account/logout", skipped: "the second login failed"),
            CheckResult(name: "probe token-expired statuses.homeTimeline", role: .probe, endpoint: "statuses.homeTimeline",
                        method: "GET", path: "statuses/home_timeline", status: 403, outcome: "tokenExpired", timings: timed(12.0),
                        requestPath: "statuses/home_timeline", probe: .tokenExpired),
            CheckResult(name: "probe logout statuses.homeTimeline", role: .probe, endpoint: "statuses.homeTimeline",
                        method: "GET", path: "statuses/home_timeline", status: 200, outcome: "success", timings: timed(14.5),
                        findings: [
                            Finding(kind: .probeLogout, severity: .error, endpoint: "statuses.homeTimeline",
                                    expected: "logout", found: "success",
                                    message: "the first token still works after a second login"),
                        ], requestPath: "statuses/home_timeline", probe: .revoked),
        ])

    static let unreachable = Report(
        command: .live, api: "demo", target: "http://127.0.0.1:9/Api/", startedAt: started, duration: 0.0031,
        concurrency: 8,
        results: [
            CheckResult(name: "account.login", role: .endpoint, endpoint: "account.login", method: "POST",
                        path: "Account/login", skipped: "the target is unreachable"),
        ],
        runFindings: [
            Finding(kind: .unreachable, severity: .error, category: .harness, endpoint: nil,
                    message: "cannot connect to 127.0.0.1 port 9: connection refused"),
        ])

    static let mocks = Report(
        command: .mocks, api: "demo", target: "/work/demo/mocks", startedAt: started, duration: 0.012,
        results: [
            CheckResult(name: "account.login", role: .endpoint, endpoint: "account.login", method: "POST", path: "Account/login"),
            CheckResult(name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline", method: "GET",
                        path: "statuses/home_timeline",
                        findings: [
                            Finding(kind: .missingMock, severity: .error, endpoint: "statuses.homeTimeline",
                                    message: "no mock statuses.homeTimeline@expired.json",
                                    file: "/work/demo/mocks/statuses.homeTimeline@expired.json"),
                        ]),
            CheckResult(name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET", path: "users/{id}",
                        findings: [
                            Finding(kind: .decode, severity: .error, endpoint: "users.show",
                                    path: JSONPath([.key("datas"), .key("id")]), expected: "Int64", found: "String",
                                    message: "$.datas.id: expected Int64, found String", file: "/elsewhere/users.show.json"),
                        ]),
        ],
        runFindings: [
            Finding(kind: .orphanMock, severity: .warning, endpoint: nil,
                    message: "old.json is not used by any declared endpoint", file: "/work/demo/mocks/old.json"),
        ])

    static let hostileMessage = "$.datas['a,b']: <b> & \"quoted\" 'single'\nsecond line\rbell\u{1}\u{1B}[31m 100%"

    /// A finding whose every field holds characters each format must escape.
    static let hostile = Report(
        command: .live, api: "demo", target: "http://x/?a=1&b=<2>", startedAt: started, duration: 0.05,
        results: [
            CheckResult(name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET", path: "users/{id}",
                        status: 200, outcome: "failure(10002)", timings: timed(5),
                        findings: [
                            Finding(kind: .serverCode, severity: .error, endpoint: "users.show",
                                    path: JSONPath([.key("datas"), .key("a,b")]),
                                    message: hostileMessage, file: "/ws/mocks/we,ird:name.json"),
                        ]),
        ])
}
