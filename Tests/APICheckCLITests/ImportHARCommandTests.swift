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
}
