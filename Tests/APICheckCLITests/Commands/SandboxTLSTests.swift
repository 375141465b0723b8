import APICheckCLI
import APICheckDemo
import Foundation
import TestSupport
import Testing

/// `apicheck sandbox --tls-cert FILE --tls-key FILE`: the bundled sandbox over HTTPS.
@Suite struct SandboxTLSTests {
    @Test func theLauncherServesHTTPSThatLiveTrustsWithTheCA() async throws {
        let running = try DemoSandboxLauncher().start(
            port: 0, tokenTTL: 3600, faults: [],
            tls: SandboxTLSFiles(
                certificate: LiveTLSTests.path("server.pem"), key: LiveTLSTests.path("server.key")))
        defer { running.stop() }
        #expect(running.baseURL.absoluteString.hasPrefix("https://127.0.0.1:"))
        let result = await LiveHarness.cli(["live", "--base-url", running.baseURL.absoluteString, "--cacert", LiveTLSTests.path("ca.pem")])
        #expect(result.code == 0, "\(result.err)")
    }

    @Test(
        arguments: [
            (["--tls-cert", "cert.pem"], 2, "--tls-cert and --tls-key go together"),
            (["--tls-client-ca", "ca.pem"], 2, "--tls-client-ca needs --tls-cert and --tls-key"),
            (["--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"], 2, "'/nonexistent/cert.pem': does not exist"),
        ] as [([String], Int32, String)])
    func badFilesStopItBeforeServing(_ arguments: [String], _ code: Int32, _ message: String) async {
        let result = await LiveHarness.cli(["sandbox", "--port", "0"] + arguments)
        #expect(result.code == code)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func withAClientCAOnlyLiveWithTheClientCertificateGetsThrough() async throws {
        let running = try DemoSandboxLauncher().start(
            port: 0, tokenTTL: 3600, faults: [],
            tls: SandboxTLSFiles(
                certificate: LiveTLSTests.path("server.pem"), key: LiveTLSTests.path("server.key"), clientCA: LiveTLSTests.path("ca.pem")))
        defer { running.stop() }
        let base = ["live", "--base-url", running.baseURL.absoluteString, "--cacert", LiveTLSTests.path("ca.pem")]
        let refused = await LiveHarness.cli(base)
        #expect(refused.code != 0)
        #expect(refused.out.contains("403"))
        let admitted = await LiveHarness.cli(base + ["--cert", LiveTLSTests.path("client.pem"), "--key", LiveTLSTests.path("client.key")])
        #expect(admitted.code == 0, "\(admitted.err)")
    }
}
