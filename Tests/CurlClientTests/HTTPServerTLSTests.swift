import APICheck
import CurlClient
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// `HTTPServerTLS` from files: a wrong file fails when it is read, naming it; a certificate and
/// key that do not belong together fail at start with libmicrohttpd's reason.
@Suite struct HTTPServerTLSTests {
    @Test(arguments: [
        ("/nonexistent/server.pem", "server.key", "'/nonexistent/server.pem': does not exist"),
        ("ca.der", "server.key", "holds no PEM certificate"),
        ("server.pem", "server.pem", "holds no PEM private key"),
        ("client.pem", "client-encrypted.key", "the key is encrypted"),
    ])
    func unusableFilesAreNamed(_ certificate: String, _ key: String, _ message: String) {
        let path = { (name: String) in name.hasPrefix("/") ? name : TLSFixtures.path(name) }
        #expect {
            _ = try HTTPServerTLS(certificateFile: path(certificate), keyFile: path(key))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aKeyOfAnotherCertificateStopsTheStart() throws {
        var configuration = HTTPServerConfiguration()
        configuration.tls = try HTTPServerTLS(certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("client.key"))
        let server = HTTPServer(configuration: configuration) { _ in ServerResponse() }
        #expect(throws: HTTPServerError.self) { try server.start() }
        #expect(server.port == 0)
    }

    @Test func aPlainServerStaysHTTP() throws {
        let server = HTTPServer { _ in ServerResponse() }
        #expect(server.scheme == "http")
        var configuration = HTTPServerConfiguration()
        configuration.tls = try HTTPServerTLS(certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("server.key"))
        #expect(HTTPServer(configuration: configuration) { _ in ServerResponse() }.scheme == "https")
    }

    @Test func withAClientCAOnlyClientsWithItsCertificateReachTheHandler() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.tls = try HTTPServerTLS(
            certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("server.key"),
            clientCAFile: TLSFixtures.ca)
        let handled = Mutex(0)
        let server = HTTPServer(configuration: configuration) { _ in
            handled.withLock { $0 += 1 }
            return ServerResponse(body: Data("hello".utf8))
        }
        try server.start()
        defer { server.stop() }

        let without = try await TLSTransportTests.send(server.baseURL)
        #expect(without.status == 403)
        #expect(handled.withLock { $0 } == 0)
        let with = try await TLSTransportTests.send(
            server.baseURL,
            CurlTLSOptions(
                caBundle: TLSFixtures.ca, clientCertificate: TLSFixtures.path("client.pem"), clientKey: TLSFixtures.path("client.key")))
        #expect(with.status == 200)
        #expect(String(decoding: with.body, as: UTF8.self) == "hello")
        #expect(handled.withLock { $0 } == 1)
    }

    /// The certificate is checked on the request the long way: a server that requires one never
    /// answers from its line shortcut, even a line the shortcut has an answer for.
    @Test func withAClientCATheLineShortcutIsNeverAsked() async throws {
        var always = ServerResponse(body: Data("from the shortcut".utf8))
        always.prepared = PreparedResponse(always)
        let prepared = try #require(always.prepared)
        let asked = Mutex(0)
        let shortcut = LineShortcut(neutralHeaders: ["host", "accept", "user-agent", "accept-encoding", "connection"], maxLineBytes: 512) {
            _ in
            asked.withLock { $0 += 1 }
            return prepared
        }
        var configuration = HTTPServerConfiguration()
        configuration.threadModel = .pool(threads: 1)
        configuration.tls = try HTTPServerTLS(certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("server.key"))
        // Without a client CA the same request takes the shortcut: it qualifies.
        let plain = HTTPServer(configuration: configuration, shortcut: shortcut) { _ in ServerResponse(body: Data("hello".utf8)) }
        try plain.start()
        let answered = try await TLSTransportTests.send(plain.baseURL)
        plain.stop()
        #expect(String(decoding: answered.body, as: UTF8.self) == "from the shortcut")
        #expect(asked.withLock { $0 } == 1)

        configuration.tls = try HTTPServerTLS(
            certificateFile: TLSFixtures.path("server.pem"), keyFile: TLSFixtures.path("server.key"),
            clientCAFile: TLSFixtures.ca)
        let server = HTTPServer(configuration: configuration, shortcut: shortcut) { _ in ServerResponse(body: Data("hello".utf8)) }
        try server.start()
        defer { server.stop() }

        #expect(try await TLSTransportTests.send(server.baseURL).status == 403)
        let with = try await TLSTransportTests.send(
            server.baseURL,
            CurlTLSOptions(
                caBundle: TLSFixtures.ca, clientCertificate: TLSFixtures.path("client.pem"), clientKey: TLSFixtures.path("client.key")))
        #expect(String(decoding: with.body, as: UTF8.self) == "hello")
        #expect(asked.withLock { $0 } == 1)
    }
}
