import APICheck
import Foundation
import Synchronization
import TestSupport
import Testing
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A live run against a server that echoes every secret in every form, with terminal escapes and
/// bidi overrides around them: no output (any report format, the trace) shows a secret in any
/// reading, none holds a raw control or bidi character, JSON stays JSON and JUnit stays XML.
@Suite struct HostileServerTests {
    static let placements: [AuthPolicy.Placement] = [.bearer, .query("access_token")]

    /// A token and a password from `SecretEncodings.secrets`, named by what makes them hard.
    struct Secrets: Sendable, CustomTestStringConvertible {
        let token: String
        let password: String
        let testDescription: String
    }

    static let pairs = [
        Secrets(
            token: SecretEncodings.secrets[0], password: SecretEncodings.secrets[1],
            testDescription: "quotes, escapes and entities; spaces, accents and emoji"),
        Secrets(
            token: SecretEncodings.secrets[3], password: SecretEncodings.secrets[4],
            testDescription: "already percent-encoded; non-ASCII words and emoji"),
    ]

    @Test(arguments: placements, pairs)
    func noOutputShowsASecretOrARawControl(placement: AuthPolicy.Placement, secrets: Secrets) async throws {
        let token = secrets.token, password = secrets.password
        let server = EchoingServer(token: token, password: password)
        let lines = TraceLines()
        let check = LiveCheck(
            api: EchoingServer.api(placement), transport: server,
            options: LiveOptions(
                baseURL: URL(string: "http://echo.example/Api/")!,
                environment: ["APICHECK_ACCOUNT": "someone", "APICHECK_PASSWORD": password]),
            observers: [lines])
        let report = await check.run()

        // The run went where the hostile text is: a server message, an HTML page, a redirect.
        let kinds = Set(report.allFindings.map(\.kind))
        #expect(kinds.isSuperset(of: [.serverCode, .httpStatus, .redirect]), "\(kinds)")
        let message = try #require(report.results.first { $0.name == "echo.message" }?.findings.first?.message)
        #expect(message.contains(Redactor.mask))

        let trace = lines.lines.joined(separator: "\n")
        #expect(trace.contains(#"text/html\u{1B}]0;owned\u{7}"#), "the Content-Type is shown escaped")
        if placement == .bearer { #expect(trace.contains("Authorization: \(Redactor.mask)")) }
        let outputs = [
            ("trace", trace),
            ("text", TextReport.render(report, context: RenderContext(tool: "apicheck", directory: nil, color: false))),
            ("json", JSONReport.render(report, context: RenderContext(tool: "apicheck"))),
            ("junit", JUnitReport.render(report, context: RenderContext(tool: "apicheck"))),
            ("github", GitHubReport.annotations(report, context: RenderContext(tool: "apicheck", directory: nil))),
            ("summary", GitHubReport.summaryMarkdown(report, context: RenderContext(tool: "apicheck", directory: nil))),
        ]
        for (name, output) in outputs {
            for secret in [token, password] {
                let leak = SecretEncodings.leak(of: secret, in: output)
                #expect(leak == nil, "\(name) shows the secret \(secret)")
            }
            let raw = output.unicodeScalars.filter { $0 != "\n" && DisplayText.isUnsafe($0) }
            #expect(raw.isEmpty, "\(name) holds raw \(raw.map { String($0.value, radix: 16) })")
        }
        let json = try JSONSerialization.jsonObject(with: Data(JSONReport.render(report, context: RenderContext(tool: "apicheck")).utf8))
        #expect(json is [String: Any])
        _ = try XMLDocument(data: Data(JUnitReport.render(report, context: RenderContext(tool: "apicheck")).utf8), options: [])
    }

    /// Redaction happens once, on the whole report, after the run: a token issued by a later login
    /// is masked where an earlier answer echoed it too.
    @Test func theWholeReportIsRedactedAtTheEnd() async {
        let redactor = Redactor(fieldNames: [])
        let secret = "late-token/é"
        let echoed = SecretEncodings.percent(secret, upper: false, plusForSpace: true)
        let report = Report(
            command: .live, api: "x", target: "http://h/?t=" + echoed,
            results: [
                CheckResult(
                    name: "a", role: .endpoint, endpoint: "a", method: "GET", path: "p/" + secret, classification: .text(echoed),
                    findings: [
                        Finding(
                            kind: .serverCode, severity: .error, endpoint: "a", expected: echoed, found: echoed,
                            message: echoed, file: echoed)
                    ],
                    skipped: SkipReason(echoed))
            ], runFindings: [Finding(kind: .login, severity: .error, endpoint: nil, message: "\\u" + secret)])
        redactor.register(secret)
        let redacted = redactor.redact(report)
        #expect(SecretEncodings.leak(of: secret, in: JSONReport.render(redacted, context: RenderContext(tool: "apicheck"))) == nil)
        #expect(redacted.results[0].path == "p/***")
    }
}
