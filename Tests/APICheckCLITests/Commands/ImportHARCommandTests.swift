import Foundation
import TestSupport
import Testing

/// `apicheck import-har` as a command: its output, the terminal kept safe from server text, and
/// its exit codes.
@Suite struct ImportHARCommandTests {
    static let har = #"""
        {"log": {"version": "1.2", "creator": {"name": "Proxyman", "version": "5.0"}, "entries": [
        {"startedDateTime": "2026-11-30T10:00:00Z", "request": {"method": "GET", "url": "https://staging.example.com/Api/topics?page=1", "headers": [], "queryString": []},
         "response": {"status": 200, "headers": [], "content": {"size": 60, "mimeType": "application/json", "text": "{\"code\": 77, \"msg\": \"down \\u001b[31mnow\", \"datas\": null}"}}},
        {"startedDateTime": "2026-11-30T10:00:01Z", "request": {"method": "GET", "url": "https://staging.example.com/Api/config/main.json", "headers": [], "queryString": []},
         "response": {"status": 200, "headers": [], "content": {"size": 2, "mimeType": "application/json", "text": "[]"}}}
        ]}}
        """#

    @Test func importsPrintsAndExits() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("capture.har")
        try Data(Self.har.utf8).write(to: file)
        let mocks = folder.appendingPathComponent("mocks")
        let result = await LiveHarness.cli(["import-har", file.path, "--mocks", mocks.path])
        #expect(result.code == 0)
        #expect(result.out.contains("created   config_main.json"))
        #expect(result.out.contains("answered failure code 77"))
        // The server's escape sequence is shown escaped, never sent to the terminal.
        #expect(!result.out.contains("\u{1B}"))
        #expect(result.out.contains("\\u{1B}[31m"))
        #expect(result.out.contains("2 entries: 1 matched into 1 files, 1 not written, 0 not JSON skipped"))
        #expect(FileManager.default.fileExists(atPath: mocks.appendingPathComponent("config_main.json").path))

        let missing = await LiveHarness.cli(["import-har", folder.appendingPathComponent("nope.har").path, "--mocks", mocks.path])
        #expect(missing.code == 2)
        #expect(missing.err.contains("nope.har"))
        try Data("{}".utf8).write(to: file)
        let notHAR = await LiveHarness.cli(["import-har", file.path, "--mocks", mocks.path])
        #expect(notHAR.code == 2)
        #expect(notHAR.err.contains("not a HAR file"))
        let noFile = await LiveHarness.cli(["import-har"])
        #expect(noFile.code == 2)
    }

    /// The built executable, given a capture whose answer echoes the session's token as hex and
    /// upper-cased, and `--force`: the file is refused (exit 1), nothing of the token is written
    /// or printed.
    @Test func theBuiltBinaryNeverWritesAnEchoedSecret() throws {
        let token = "2.00Binary/Token+Echo=42", password = "binary pass@word"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hex = token.utf8.map { String(format: "%02X", $0) }.joined()
        let status: [String: Any] = [
            "id": 4_130_540_976_425_200, "text": "debug \(hex) / \(token.uppercased())", "created_at": "Tue May 31 17:45:18 +0800 2011",
            "source": "web", "reposts_count": 1, "comments_count": 2, "attitudes_count": 3,
            "user": [
                "id": 1_000_000_006, "screen_name": "lin", "avatar_large": "https://example.com/a.jpg", "verified_type": -1, "mbrank": 1,
            ],
            "pic_urls": [],
        ]
        func answer(_ datas: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: ["code": 200, "msg": "success", "datas": datas]), as: UTF8.self)
        }
        func entry(_ method: String, _ url: String, query: [[String: String]] = [], post: String? = nil, _ text: String) -> [String: Any] {
            var request: [String: Any] = ["method": method, "url": url, "headers": [], "queryString": query]
            if let post { request["postData"] = ["mimeType": "application/json", "text": post] }
            return [
                "startedDateTime": "2026-11-30T10:00:00Z", "request": request,
                "response": ["status": 200, "headers": [], "content": ["mimeType": "application/json", "text": text]],
            ]
        }
        let login =
            ["uid": 1_000_000_001, "userName": "demo", "mail": "demo@example.com", "utoken": token, "expires_in": 3600] as [String: Any]
        let capture: [String: Any] = [
            "log": [
                "version": "1.2",
                "entries": [
                    entry(
                        "POST", "https://staging.example.com/Api/Account/login", post: #"{"account":"demo","password":"\#(password)"}"#,
                        try answer(login)),
                    entry(
                        "GET", "https://staging.example.com/Api/statuses/4130540976425200?access_token=x",
                        query: [["name": "access_token", "value": token]], try answer(status)),
                ],
            ]
        ]
        let file = folder.appendingPathComponent("capture.har")
        try JSONSerialization.data(withJSONObject: capture).write(to: file)
        let mocks = folder.appendingPathComponent("mocks")
        let result = try BinaryTests().run(["import-har", file.path, "--mocks", mocks.path, "--force"])
        #expect(result.code == 1, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("refused   status_show.json"))
        #expect(result.out.contains("secret-in-mock"))
        #expect(result.out.contains("$.datas.text"))
        #expect(!FileManager.default.fileExists(atPath: mocks.appendingPathComponent("status_show.json").path))
        #expect(FileManager.default.fileExists(atPath: mocks.appendingPathComponent("login.json").path))
        let written = try String(contentsOf: mocks.appendingPathComponent("login.json"), encoding: .utf8)
        for output in [result.out, result.err, written] {
            for secret in [token, password, hex, token.uppercased()] {
                #expect(SecretEncodings.leak(of: secret, in: output) == nil)
                #expect(!output.lowercased().contains(secret.lowercased()))
            }
        }
    }
}
