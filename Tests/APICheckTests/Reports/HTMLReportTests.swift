import APICheck
import Foundation
import TestSupport
import Testing

/// The HTML report: pinned by a golden file, self-contained, and safe with hostile server text.
/// `APICHECK_RECORD_GOLDEN=1` re-records `Golden/live.html`.
@Suite struct HTMLReportTests {
    struct Page: Decodable, Sendable { var count: Int }

    static let timeline = Endpoint<Page>(
        id: "statuses.homeTimeline", .get, "statuses/home_timeline",
        parameters: [.query("count", .int, sample: .literal(20)), .query("max_id", .int64)],
        mock: "home_timeline", auth: .token)
    static let like = Endpoint<Page>(
        id: "topics.like", .post, "TopicLikedAdd",
        parameters: [
            .body("tid", .string, sample: .literal("it's \"$HOME\"")), .body("pin", .string, sample: .literal("1234"), secret: true),
        ],
        mock: "topic_like", auth: .token)
    static let api = API(
        name: "demo", envelope: EnvelopePolicy(),
        auth: AuthPolicy(loginEndpoint: "account.login", tokenField: "utoken", placement: .query("access_token")),
        defaultHeaders: [("os", "Linux")], endpoints: [timeline, like])

    static let started = Date(timeIntervalSince1970: 1_767_605_400)

    /// A request as the run sent it, the token standing as `$TOKEN`.
    static func sent(_ method: HTTPMethod, _ path: String, body: String? = nil) -> SentRequest {
        let request = HTTPRequest(
            method: method, url: URL(string: "http://staging.example.com/Api/" + path)!,
            headers: [("os", "Linux")], body: body.map { Data($0.utf8) })
        return SentRequest(request, variables: [.init(value: "tok-123", name: "TOKEN")], isSecret: { _ in false })
    }

    static let live = Report(
        command: .live, api: "demo", target: "http://staging.example.com/Api/", startedAt: started, duration: 0.4137,
        concurrency: 8,
        results: [
            CheckResult(
                name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline", method: "GET",
                path: "statuses/home_timeline", status: 200, classification: "success",
                timings: Timings(dns: 0.0012, connect: 0.0031, tls: 0.0094, firstByte: 0.05525, total: 0.05725),
                findings: ReportFixtures.screenNameFindings(mock: "/work/demo/mocks/home_timeline.json"),
                requestPath: "statuses/home_timeline",
                request: sent(.get, "statuses/home_timeline?count=20&max_id=4130540976425200&access_token=tok-123")),
            CheckResult(
                name: "topics.like", role: .endpoint, endpoint: "topics.like", method: "POST", path: "TopicLikedAdd",
                status: 200, classification: "failure(20500)", timings: Timings(firstByte: 0.0101, total: 0.0121),
                findings: [
                    Finding(
                        kind: .serverCode, severity: .error, endpoint: "topics.like", path: JSONPath([.key("code")]),
                        expected: "200", found: "20500", message: hostile)
                ], requestPath: "TopicLikedAdd",
                request: sent(.post, "TopicLikedAdd?access_token=tok-123", body: #"{"tid":"it's \"$HOME\"!","pin":"***"}"#)),
            CheckResult(
                name: "account.logout", role: .endpoint, endpoint: "account.logout", method: "POST",
                path: "Account/logout", skipped: "the second login failed"),
            CheckResult(
                name: "probe token-expired statuses.homeTimeline", role: .probe, endpoint: "statuses.homeTimeline",
                method: "GET", path: "statuses/home_timeline", status: 403, classification: "tokenExpired",
                timings: Timings(firstByte: 0.011, total: 0.012), requestPath: "statuses/home_timeline",
                probe: .tokenExpired),
            CheckResult(
                name: "probe revoked-token statuses.homeTimeline", role: .probe, endpoint: "statuses.homeTimeline",
                method: "GET", path: "statuses/home_timeline", status: 200, classification: "success",
                timings: Timings(firstByte: 0.014, total: 0.0145),
                findings: [
                    Finding(
                        kind: .probeRevokedToken, severity: .error, endpoint: "statuses.homeTimeline",
                        expected: "logout", found: "success", message: "the first token still works after a second login")
                ], requestPath: "statuses/home_timeline",
                request: SentRequest(
                    HTTPRequest(
                        method: .get, url: URL(string: "http://staging.example.com/Api/statuses/home_timeline?count=20&access_token=old-1")!
                    ),
                    variables: [.init(value: "old-1", name: "REVOKED_TOKEN")], isSecret: { _ in false }),
                probe: .revoked),
        ],
        runFindings: [
            Finding(kind: .mocksFolder, severity: .info, category: .harness, endpoint: nil, message: "mocks from ./mocks")
        ])

    /// Everything a hostile server might put in a message.
    static let hostile =
        "</script><script>alert(1)</script><img src=x onerror=alert(2)> \"quoted\" 'single' & \u{1}\u{1B}[31m\u{7F}\u{2028}end"

    func render(_ report: Report = live, exitCode: Int32? = nil) -> String {
        HTMLReport.render(report, context: RenderContext(tool: "apicheck", directory: "/work/demo", exitCode: exitCode))
    }

    @Test func liveMatchesGoldenFile() throws {
        try GoldenFile.expect(render(exitCode: 1), "live.html")
    }

    @Test func sameReportSameBytes() {
        #expect(render() == render())
    }

    @Test func hostileTextIsEscaped() {
        let page = render()
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(page.components(separatedBy: "</script>").count == 2)
        #expect(!page.contains("<img"))
        #expect(!page.contains("onerror=alert(2)>"))
        #expect(
            page.contains(
                "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot; &#39;single&#39; &amp;"
            ))
        for control in ["\u{1}", "\u{1B}", "\u{7F}", "\u{2028}"] { #expect(!page.contains(control)) }
        let target = HTMLReport.render(
            Report(command: .live, api: "x", target: "http://x/?a=1&b=<2>\"", startedAt: Self.started),
            context: RenderContext(tool: "apicheck"))
        #expect(target.contains("http://x/?a=1&amp;b=&lt;2&gt;&quot;"))
        #expect(!target.contains("<2>"))
    }

    @Test func selfContained() {
        let page = render()
        #expect(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\""))
        for external in ["src=\"http", "href=\"http", "<link", "@import", "url(", "@font-face", "<iframe"] {
            #expect(!page.contains(external), "\(external)")
        }
    }

    @Test func headerMatrixAndCommands() {
        let page = render(exitCode: 1)
        #expect(page.contains("<span class=\"verdict\">FAIL</span>"))
        #expect(page.contains("exit code 1"))
        #expect(!render().contains("exit code"))
        #expect(page.contains("<th>probe token-expired</th><th>probe revoked-token</th>"))
        // The request as sent: every query value (a seen max_id too), the token as $TOKEN, the headers,
        // the body in single quotes (nothing in it live to the shell).
        #expect(
            page.contains(
                "curl -X GET &#39;http://staging.example.com/Api/statuses/home_timeline?count=20&amp;max_id=4130540976425200"
                    + "&amp;access_token=&#39;&quot;$TOKEN&quot; -H &#39;os: Linux&#39;"))
        #expect(
            page.contains(
                "--data-binary &#39;{&quot;tid&quot;:&quot;it&#39;\\&#39;&#39;s \\&quot;$HOME\\&quot;!&quot;,&quot;pin&quot;:&quot;***&quot;}&#39;"
            ))
        #expect(!page.contains("tok-123"))
        #expect(page.contains("apicheck record --only statuses.homeTimeline"))
        #expect(page.contains("<code>mocks/home_timeline.json</code>"))
        #expect(page.contains("<code>$.datas.statuses[0].user.screen_name</code>"))
        // Timing bars on one scale: the slowest request fills the width.
        #expect(page.contains("class=\"seg transfer\" style=\"width:3.49%\""))
    }

    @Test func mocksReportHasNoCurlNorTimings() {
        let report = Report(
            command: .mocks, api: "demo", target: "/work/demo/mocks", startedAt: Self.started,
            results: [
                CheckResult(
                    name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET", path: "users/show",
                    findings: [
                        Finding(
                            kind: .decode, severity: .error, endpoint: "users.show", message: "bad",
                            file: "/work/demo/mocks/user_show.json")
                    ])
            ])
        let page = HTMLReport.render(report, context: RenderContext(tool: "apicheck", directory: "/work/demo"))
        #expect(!page.contains("curl "))
        #expect(!page.contains("id=\"timings\""))
        #expect(page.contains("apicheck record --only users.show"))
        #expect(page.contains("<code>mocks/user_show.json</code>"))
    }

}
