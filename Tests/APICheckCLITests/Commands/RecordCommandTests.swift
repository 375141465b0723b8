import APICheck
import Foundation
import HTTPServer
import Sandbox
import TestSupport
import Testing

/// `apicheck record` through the command line: it connects as `live` does (a private CA over
/// HTTPS) and writes the run's report in any format, the file listing then on stderr.
@Suite struct RecordCommandTests {
    static func httpsSandbox() throws -> SandboxServer {
        var limits = HTTPServerConfiguration()
        limits.tls = try HTTPServerTLS(certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("server.key"))
        let server = SandboxServer(limits: limits)
        try server.start()
        return server
    }

    @Test func recordsFromAnHTTPSTargetWithAPrivateCAAndWritesAJSONReport() async throws {
        let server = try Self.httpsSandbox()
        defer { server.stop() }
        let folder = try TemporaryFolder("record-command")
        defer { folder.remove() }
        let result = await LiveHarness.cli(
            [
                "record", "--base-url", server.baseURL.absoluteString, "--mocks", folder.url.path,
                "--cacert", TLSFixtures.ca, "--cert-warn-days", "0", "--max-mock", "1M",
                "--report", "json",
            ],
            environment: LiveHarness.credentials)
        #expect(result.code == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.out)")
        #expect(json["command"] as? String == "record")
        #expect(json["verdict"] as? String == "holds")
        #expect(json["exitCode"] as? Int == 0)
        #expect((json["results"] as? [[String: Any]])?.isEmpty == false)
        // The listing, not mixed into the report, says what was written.
        #expect(result.err.contains("created"), "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("home_timeline.json").path))
    }

    @Test func withoutTheCARecordingSaysTheTargetIsUnreachable() async throws {
        let server = try Self.httpsSandbox()
        defer { server.stop() }
        let folder = try TemporaryFolder("record-command")
        defer { folder.remove() }
        let result = await LiveHarness.cli(
            [
                "record", "--base-url", server.baseURL.absoluteString, "--mocks", folder.url.path,
                "--report", "junit",
            ],
            environment: LiveHarness.credentials)
        #expect(result.code == 3, "\(result.err)")
        #expect(result.out.hasPrefix("<?xml"), "\(result.out)")
        #expect(result.out.contains("name=\"apicheck record demo\""))
    }

    @Test func aMissingCAFileIsAUsageErrorBeforeAnyCall() async {
        let result = await LiveHarness.cli(
            ["record", "--base-url", "https://127.0.0.1:9/Api/", "--cacert", "/nonexistent/ca.pem"],
            environment: LiveHarness.credentials)
        #expect(result.code == 2)
        #expect(result.err.contains("--cacert"), "\(result.err)")
    }
}
