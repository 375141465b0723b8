import APICheck
import Contracts
import Foundation
import HTTPServer
import Sandbox
import TestSupport
import Testing

/// `apicheck live` against the sandbox over HTTPS, with the certificates in Tests/TLSFixtures:
/// a private CA trusted by --cacert or the variables curl users set, client certificate options,
/// and every file problem a usage error before any call.
@Suite struct LiveTLSTests {
    static func path(_ name: String) -> String { TLSFixtures.path(name) }

    static func sandbox(_ certificate: String = "server", requiringClientCertificate: Bool = false) throws -> SandboxServer {
        var limits = HTTPServerConfiguration()
        limits.tls = try HTTPServerTLS(
            certificateFile: path("\(certificate).pem"), keyFile: path("\(certificate).key"),
            clientCAFile: requiringClientCertificate ? path("ca.pem") : nil)
        // As a TLS 1.3 server that requires a client certificate: refused after the handshake.
        limits.tls?.tls13Only = requiringClientCertificate
        limits.tls?.closesWithoutClientCertificate = requiringClientCertificate
        let server = SandboxServer(limits: limits)
        try server.start()
        return server
    }

    static func live(_ server: SandboxServer, _ arguments: [String], environment: [String: String] = [:]) async
        -> (code: Int32, out: String, err: String, kinds: [String])
    {
        let result = await LiveHarness.cli(
            ["live", "--base-url", server.baseURL.absoluteString, "--report", "json"] + arguments,
            environment: LiveHarness.credentials.merging(environment) { $1 })
        let json = (try? JSONSerialization.jsonObject(with: Data(result.out.utf8))) as? [String: Any]
        let findings =
            ((json?["runFindings"] as? [[String: Any]]) ?? [])
            + ((json?["results"] as? [[String: Any]]) ?? []).flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
        return (result.code, result.out, result.err, findings.compactMap { $0["kind"] as? String })
    }

    @Test func aPrivateCAGivenWithCacertIsTrustedAndTheCertificateReported() async throws {
        let server = try Self.sandbox()
        defer { server.stop() }
        #expect(server.baseURL.scheme == "https")
        let result = await Self.live(server, ["--cacert", Self.path("ca.pem")])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.kinds.filter { $0.hasPrefix("certificate") } == ["certificate"])
        #expect(result.out.contains("issued by O = apicheck tests, CN = apicheck test CA"))
    }

    @Test(arguments: ["APICHECK_CACERT", "CURL_CA_BUNDLE", "SSL_CERT_FILE"])
    func theCABundleMayComeFromTheEnvironment(_ variable: String) async throws {
        let server = try Self.sandbox()
        defer { server.stop() }
        let result = await Self.live(server, [], environment: [variable: Self.path("ca.pem")])
        #expect(result.code == 0, "\(result.err)")
    }

    /// Every connection refused after the TLS 1.3 handshake for want of a client certificate, GETs
    /// and POSTs at once: each is `tls-client-certificate`, none `transport`, and the run exit 3.
    @Test func aTLS13TargetThatRefusesEveryConnectionForItsCertificateIsUnreachable() async throws {
        let server = try Self.sandbox(requiringClientCertificate: true)
        defer { server.stop() }
        for _ in 0..<3 {
            let result = await Self.live(
                server,
                [
                    "--cacert", Self.path("ca.pem"),
                    "--only", "topics.list,config.main,account.register,auth.token",
                ])
            #expect(result.code == 3, "\(result.out)")
            let kinds = result.kinds.filter { !$0.hasPrefix("certificate") }
            // The four endpoints and the error checks of topics.list and account.register.
            #expect(kinds.filter { $0 == "tls-client-certificate" }.count == 6, "\(kinds)")
            #expect(Set(kinds) == ["tls-client-certificate", "unreachable"], "\(kinds)")
        }
        let given = await Self.live(
            server,
            [
                "--cacert", Self.path("ca.pem"), "--cert", Self.path("client.pem"),
                "--key", Self.path("client.key"), "--only", "topics.list,config.main",
            ])
        #expect(given.code == 0, "\(given.out)")
    }

    @Test func withoutTheCATheTargetIsUnreachableAndTheKindSaysWhy() async throws {
        let server = try Self.sandbox()
        defer { server.stop() }
        let result = await Self.live(server, [])
        #expect(result.code == 3)
        #expect(result.kinds.contains("tls-untrusted"))
        #expect(result.kinds.contains("unreachable"))
        #expect(result.out.contains("unknown CA"))
    }

    @Test func insecureChecksItAnyway() async throws {
        let server = try Self.sandbox()
        defer { server.stop() }
        let result = await Self.live(server, ["--insecure"])
        #expect(result.code == 0, "\(result.err)")
    }

    @Test func anExpiredCertificateIsRefusedAndUnderInsecureAnError() async throws {
        let server = try Self.sandbox("expired")
        defer { server.stop() }
        let refused = await Self.live(server, ["--cacert", Self.path("ca.pem")])
        #expect(refused.code == 3)
        #expect(refused.kinds.contains("tls-expired"))
        let insecure = await Self.live(server, ["--insecure"])
        #expect(insecure.code == 1)
        #expect(insecure.kinds.filter { $0.hasPrefix("certificate") } == ["certificate", "certificate-expired"])
    }

    @Test func aCertificateForAnotherHostIsNamed() async throws {
        let server = try Self.sandbox("other-host")
        defer { server.stop() }
        let result = await Self.live(server, ["--cacert", Self.path("ca.pem")])
        #expect(result.code == 3)
        #expect(result.kinds.contains("tls-host-name"))
    }

    @Test(
        arguments: [
            (["--cacert", "/nonexistent/ca.pem"], [:], "--cacert: '/nonexistent/ca.pem' does not exist"),
            (["--cacert", path("ca.der")], [:], "holds no PEM certificate"),
            ([], ["CURL_CA_BUNDLE": "/nonexistent/bundle.pem"], "CURL_CA_BUNDLE: '/nonexistent/bundle.pem' does not exist"),
            (["--key", path("client.key")], [:], "--key needs a client certificate too"),
            (["--cert", path("client.pem")], [:], "holds no private key; give it with --key FILE"),
            (["--cert", path("client.pem"), "--key", path("client.pem")], [:], "holds no PEM private key"),
            (["--cert", path("client.pem"), "--key", path("client-encrypted.key")], [:], "set its passphrase in APICHECK_KEY_PASSWORD"),
        ] as [([String], [String: String], String)])
    func fileProblemsAreUsageErrorsBeforeAnyCall(_ arguments: [String], _ environment: [String: String], _ message: String) async {
        let result = await LiveHarness.cli(
            ["live", "--base-url", "https://127.0.0.1:9/Api/"] + arguments,
            environment: LiveHarness.credentials.merging(environment) { $1 })
        #expect(result.code == 2)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.out == "")
    }

    @Test func theKeyPassphraseIsNeverPrinted() async throws {
        let server = try Self.sandbox()
        defer { server.stop() }
        let secret = "fixture-passphrase"
        let result = await Self.live(
            server,
            [
                "--cacert", Self.path("ca.pem"), "--cert", Self.path("client.pem"),
                "--key", Self.path("client-encrypted.key"), "--verbose",
            ],
            environment: ["APICHECK_KEY_PASSWORD": secret])
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.out.contains(secret) && !result.err.contains(secret))
    }
}
