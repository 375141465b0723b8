import APICheck
import CurlClient
import Foundation
import HTTPServer
import TestSupport
import Testing

/// TLS 1.3 servers that require a client certificate refuse its absence after the handshake,
/// when the request is sent: the client's write fails or the connection closes, often with no
/// alert to quote. Every such refusal is `clientCertificate`, whatever the request and however
/// the connection ended; with the certificate given, the same requests are answered.
@Suite struct TLS13ClientCertificateTests {
    /// The project's own server, TLS 1.3 only, closing a connection without a certificate from
    /// the fixtures' CA before any answer.
    static func closingServer() throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        var tls = try HTTPServerTLS(
            certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("server.key"),
            clientCAFile: TLSFixtures.ca)
        tls.tls13Only = true
        tls.closesWithoutClientCertificate = true
        configuration.tls = tls
        let server = HTTPServer(configuration: configuration) { _ in .json(Data(#"{"code":0}"#.utf8)) }
        try server.start()
        return server
    }

    /// A GET, and a POST whose 2 MiB body is still being sent when the server gives up.
    static func requests(_ url: URL) -> [HTTPRequest] {
        var post = HTTPRequest(method: .post, url: url.appendingPathComponent("upload"))
        post.body = Data(repeating: 0x61, count: 2 << 20)
        post.headers = [("Content-Type", "application/octet-stream")]
        return [HTTPRequest(method: .get, url: url.appendingPathComponent("a")), post]
    }

    static func send(_ request: HTTPRequest, certificate: Bool) async -> Result<HTTPResponse, TransportError> {
        var configuration = CurlConfiguration(connectTimeout: 10, timeout: 20)
        configuration.tls =
            certificate
            ? CurlTLSOptions(
                caBundle: TLSFixtures.ca, clientCertificate: TLSFixtures.path("client.pem"), clientKey: TLSFixtures.path("client.key"))
            : CurlTLSOptions(caBundle: TLSFixtures.ca)
        let transport = CurlTransport(configuration: configuration)
        defer { transport.shutdown() }
        do {
            return .success(try await transport.send(request))
        } catch let error as TransportError {
            return .failure(error)
        } catch {
            return .failure(TransportError(.other, "\(error)", url: request.url.absoluteString))
        }
    }

    static func expectRefusedForTheCertificate(_ url: URL) async throws {
        for request in requests(url) {
            for _ in 0..<3 {
                let result = await send(request, certificate: false)
                guard case let .failure(error) = result else {
                    Issue.record("\(request.method.rawValue) answered without a certificate")
                    continue
                }
                #expect(
                    error.kind == .tls && error.tlsFailure == .clientCertificate,
                    "\(request.method.rawValue): \(error.kind) \(error.message)")
            }
        }
    }

    @Test func theProjectsOwnServerInTLS13ModeClosingTheConnection() async throws {
        let server = try Self.closingServer()
        defer { server.stop() }
        try await Self.expectRefusedForTheCertificate(server.baseURL)
        for request in Self.requests(server.baseURL) {
            let answered = try await Self.send(request, certificate: true).get()
            #expect(answered.status == 200)
        }
    }

    @Test func opensslSServerInTLS13Mode() async throws {
        let server = try OpenSSLServer(tls13Only: true)
        defer { server.stop() }
        try await Self.expectRefusedForTheCertificate(server.url)
    }
}
