import APICheck
import Foundation
import HTTPServer
import TestSupport
import Testing

/// `apicheck live --verbose` with every report format, over libcurl, against a server on
/// 127.0.0.1 that echoes the token it issued and the password in every form, with terminal
/// escapes in its `Content-Type` and bodies: stdout, stderr (the trace) and every report file
/// hold neither secret in any reading, nor any raw control or bidi character.
@Suite struct HostileServerCLITests {
    static let token = SecretEncodings.secrets[0]
    static let password = SecretEncodings.secrets[1]

    static func echo(_ request: ServerRequest) -> String {
        var secrets = [token, password]
        if let sent = request.query.first(where: { $0.name == "access_token" })?.value { secrets.append(sent) }
        let forms = secrets.flatMap { SecretEncodings.forms(of: $0).map { "\($0.name): \($0.text)" } }
        return forms.joined(separator: "\n") + "\n" + SecretEncodings.hostile
    }

    static func handle(_ request: ServerRequest) -> ServerResponse {
        let json = { (text: String) in SecretEncodings.json(text, slash: true, all: false, upper: false) }
        if request.path.hasSuffix("/Account/login") {
            let body =
                #"{"code": 200, "msg": "welcome \#(json(password))", "datas": {"uid": 1, "userName": "someone", "#
                + #""mail": "a@b.c", "utoken": "\#(json(token))", "expires_in": 3600}}"#
            return ServerResponse(headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
        if request.path.hasSuffix("/topics") {
            // A broken page: the body's first bytes go into the report, the Content-Type into the trace.
            var body = Data("<html><title>\(SecretEncodings.hostile)</title>\n\(echo(request))".utf8)
            body += Data([0xC3, 0x28, 0xFF])
            return ServerResponse(status: 502, headers: [("Content-Type", "text/html\u{1B}]0;owned\u{7}\u{9B}31m\u{202E}")], body: body)
        }
        let body = #"{"code": 500, "msg": "\#(json(echo(request)))", "datas": null}"#
        return ServerResponse(headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }

    @Test func noOutputShowsASecretOrARawControl() async throws {
        let server = HTTPServer(handler: Self.handle)
        try server.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["json", "junit", "github"].map { folder.appendingPathComponent("report.\($0)") }
        let summary = folder.appendingPathComponent("summary.md")

        let (code, out, err) = await LiveHarness.cli(
            [
                "live", "--base-url", server.baseURL.appendingPathComponent("Api/").absoluteString, "--verbose",
                "--only", "account.login,topics.list,users.show,statuses.homeTimeline",
                "--report", "text", "--report", "json:\(files[0].path)", "--report", "junit:\(files[1].path)",
                "--report", "github:\(files[2].path)",
            ],
            environment: [
                "APICHECK_ACCOUNT": "someone", "APICHECK_PASSWORD": Self.password,
                "GITHUB_STEP_SUMMARY": summary.path,
            ])
        #expect(code == 1)
        #expect(err.contains(#"text/html\u{1B}]0;owned\u{7}\u{9B}31m\u{202E}"#), "the trace shows the Content-Type escaped")
        #expect(out.contains("server-code") && out.contains("http-status"))
        var outputs = [("stdout", out), ("stderr", err)]
        for file in files + [summary] { outputs.append((file.lastPathComponent, try String(contentsOf: file, encoding: .utf8))) }
        Self.expectNoSecretNorRawControl(outputs)
    }

    /// The same through the built executable, whose stdout and stderr are the process's own.
    @Test func theBuiltBinaryShowsNeither() async throws {
        let server = HTTPServer(handler: Self.handle)
        try server.start()
        defer { server.stop() }
        let result = try BinaryTests().run(
            [
                "live", "--base-url", server.baseURL.appendingPathComponent("Api/").absoluteString, "--verbose",
                "--only", "account.login,topics.list,users.show", "--no-probes", "--report", "text",
            ],
            environment: ["APICHECK_ACCOUNT": "someone", "APICHECK_PASSWORD": Self.password, "APICHECK_MOCKS": LiveHarness.mocks.path])
        #expect(result.code == 1, "\(result.out)\n\(result.err)")
        #expect(result.err.contains(#"text/html\u{1B}]0;owned"#))
        Self.expectNoSecretNorRawControl([("stdout", result.out), ("stderr", result.err)])
    }

    static func expectNoSecretNorRawControl(_ outputs: [(String, String)]) {
        for (name, output) in outputs {
            for secret in [token, password] {
                #expect(SecretEncodings.leak(of: secret, in: output) == nil, "\(name) shows \(secret)")
            }
            let raw = output.unicodeScalars.filter { $0 != "\n" && DisplayText.isUnsafe($0) }
            #expect(raw.isEmpty, "\(name) holds raw \(raw.map { String($0.value, radix: 16) })")
        }
    }
}
