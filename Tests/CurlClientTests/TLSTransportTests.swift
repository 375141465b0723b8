import APICheck
import CurlClient
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// The libcurl transport against real HTTPS servers on loopback, with the certificates in
/// Tests/TLSFixtures: trust comes from the CA bundle given, failures say which check failed.
@Suite struct TLSTransportTests {
    static func https(
        _ configuration: HTTPServerConfiguration,
        _ handler: @escaping HTTPServer.Handler = { _ in
            .json(Data(#"{"code":0}"#.utf8))
        }
    ) throws -> HTTPServer {
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return server
    }

    static func send(
        _ url: URL, _ tls: CurlTLSOptions = CurlTLSOptions(caBundle: TLSFixtures.ca),
        insecure: Bool = false
    ) async throws -> HTTPResponse {
        var configuration = CurlConfiguration(insecure: insecure)
        configuration.tls = tls
        let transport = CurlTransport(configuration: configuration)
        defer { transport.shutdown() }
        return try await transport.send(HTTPRequest(method: .get, url: url))
    }

    @Test func aPrivateCAGivenAsBundleIsTrustedAndTheCertificateIsReported() async throws {
        let server = try Self.https(TLSFixtures.serverTLS())
        defer { server.stop() }
        #expect(server.baseURL.absoluteString == "https://127.0.0.1:\(server.port)/")

        let response = try await Self.send(server.baseURL)

        #expect(response.status == 200)
        let leaf = try #require(response.certificates.first)
        #expect(leaf.subject.contains("CN = localhost") || leaf.subject.contains("CN=localhost"), "\(leaf.subject)")
        #expect(leaf.issuer.contains("apicheck test CA"), "\(leaf.issuer)")
        let notAfter = try #require(leaf.notAfter)
        #expect(notAfter > Date().addingTimeInterval(50 * 365 * 86_400))
    }

    @Test func withoutTheCAThePrivateCertificateIsUntrusted() async throws {
        let server = try Self.https(TLSFixtures.serverTLS())
        defer { server.stop() }
        let error = await transportError { try await Self.send(server.baseURL, CurlTLSOptions()) }
        #expect(error?.kind == .tls)
        #expect(error?.tlsFailure == .untrusted, "\(String(describing: error))")
        #expect(error?.isUnreachable == true)
        #expect(error?.description.contains("unknown CA") == true)
    }

    @Test func insecureAcceptsAnUntrustedCertificate() async throws {
        let server = try Self.https(TLSFixtures.serverTLS())
        defer { server.stop() }
        let response = try await Self.send(server.baseURL, CurlTLSOptions(), insecure: true)
        #expect(response.status == 200)
        // The chain is still read, so that an --insecure run can still report it.
        #expect(response.certificates.first?.issuer.contains("apicheck test CA") == true)
    }

    @Test func aCertificateForAnotherHostNameIsRefusedAsSuch() async throws {
        let server = try Self.https(TLSFixtures.serverTLS("other-host"))
        defer { server.stop() }
        let error = await transportError { try await Self.send(server.baseURL) }
        #expect(error?.tlsFailure == .hostName, "\(String(describing: error))")
    }

    @Test func anExpiredCertificateIsRefusedAsExpiredAndInsecureSeesItsDate() async throws {
        let server = try Self.https(TLSFixtures.serverTLS("expired"))
        defer { server.stop() }
        let error = await transportError { try await Self.send(server.baseURL) }
        #expect(error?.tlsFailure == .expired, "\(String(describing: error))")

        let response = try await Self.send(server.baseURL, insecure: true)
        #expect(try #require(response.certificates.first?.notAfter) < Date())
    }

    @Test func aBundleWithoutTheServersCATrustsNothingOfIt() async throws {
        // A bundle that holds some other certificate (the client's, not a CA of the server).
        let server = try Self.https(TLSFixtures.serverTLS())
        defer { server.stop() }
        let error = await transportError { try await Self.send(server.baseURL, CurlTLSOptions(caBundle: TLSFixtures.path("client.pem"))) }
        #expect(error?.tlsFailure == .untrusted, "\(String(describing: error))")
    }

    @Test func aServerThatRequiresAClientCertificateGetsOne() async throws {
        let server = try OpenSSLServer()
        defer { server.stop() }
        let plain = try await Self.send(
            server.url,
            CurlTLSOptions(
                caBundle: TLSFixtures.ca, clientCertificate: TLSFixtures.path("client.pem"), clientKey: TLSFixtures.path("client.key")))
        #expect(plain.status == 200)
        let encrypted = try await Self.send(
            server.url,
            CurlTLSOptions(
                caBundle: TLSFixtures.ca, clientCertificate: TLSFixtures.path("client.pem"),
                clientKey: TLSFixtures.path("client-encrypted.key"), keyPassword: TLSFixtures.keyPassphrase))
        #expect(encrypted.status == 200)
    }

    @Test func withoutAClientCertificateTheRefusalIsNamed() async throws {
        let server = try OpenSSLServer()
        defer { server.stop() }
        let error = await transportError { try await Self.send(server.url) }
        #expect(error?.kind == .tls)
        #expect(error?.tlsFailure == .clientCertificate, "\(String(describing: error))")
    }

    @Test func aWrongKeyPassphraseIsAClientCertificateProblemAndIsNeverPrinted() async throws {
        let server = try OpenSSLServer()
        defer { server.stop() }
        let wrong = "not-the-passphrase-4711"
        let error = await transportError {
            try await Self.send(
                server.url,
                CurlTLSOptions(
                    caBundle: TLSFixtures.ca, clientCertificate: TLSFixtures.path("client.pem"),
                    clientKey: TLSFixtures.path("client-encrypted.key"), keyPassword: wrong))
        }
        #expect(error?.tlsFailure == .clientCertificate, "\(String(describing: error))")
        #expect(error.map { !$0.description.contains(wrong) } == true)
    }

    @Test(arguments: [true, false])
    func aRedirectFromHTTPSToHTTPIsNotFollowed(samePort: Bool) async throws {
        let plain = try TestServer { _ in ServerResponse(body: Data("downgraded".utf8)) }
        defer { plain.stop() }
        let ownPort = Mutex(0)
        let server = try Self.https(TLSFixtures.serverTLS()) { _ in
            // Same host; the plain server's port, or the HTTPS server's own port over http.
            let port = samePort ? ownPort.withLock { $0 } : plain.server.port
            return ServerResponse(status: 302, headers: [(name: "Location", value: "http://127.0.0.1:\(port)/collect")])
        }
        defer { server.stop() }
        ownPort.withLock { $0 = server.port }
        let url = server.baseURL.appendingPathComponent("login")
        let response = try await Self.send(url)
        #expect(response.status == 302)
        #expect(plain.requests.isEmpty)
    }
}
