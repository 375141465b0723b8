import APICheck
import Foundation
import HTTPServer
@testable import ProxyServer
import TestSupport
import Testing

/// A browser writes `Origin` and `Referer` from the page it is on: the proxy's. The upstream gets
/// its own `Host`, so a server that checks them against it (Django's CSRF check of a login form)
/// gets them naming its own origin too; any other origin goes on as sent.
@Suite struct ProxyOriginTests {
    static let api = API(name: "ui", environments: ["prod": URL(string: "https://ui.example/")!], envelope: EnvelopePolicy(), endpoints: [])

    /// Answers with the `Host`, `Origin` and `Referer` it got, one a line.
    static func upstream() throws -> TestServer {
        try TestServer { request in
            let seen = ["Host", "Origin", "Referer"].map { "\($0): \(request.header($0) ?? "-")" }.joined(separator: "\n")
            return ServerResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data(seen.utf8))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ProxyEngine.allCases)
    func anOriginNamingTheProxyNamesTheUpstream(engine: ProxyEngine) async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"), engine: engine)
        defer { harness.stop() }
        let upstreamOrigin = "http://127.0.0.1:\(upstream.url("/").port!)"
        let proxyOrigin = "http://127.0.0.1:\(harness.proxy.baseURL.port!)"
        func seen(_ headers: [(name: String, value: String)]) async throws -> String {
            String(decoding: try await harness.send(.post, "/user/login/", headers: headers, body: Data("a=b".utf8)).body, as: UTF8.self)
        }

        let login = try await seen([("Origin", proxyOrigin), ("Referer", proxyOrigin + "/user/login/?next=/projects/")])
        #expect(
            login
                == "Host: 127.0.0.1:\(upstream.url("/").port!)\nOrigin: \(upstreamOrigin)\nReferer: \(upstreamOrigin)/user/login/?next=/projects/"
        )
        // Another origin, or a longer port beginning with the proxy's, is the server's to judge.
        let elsewhere = try await seen([("Origin", "https://elsewhere.example"), ("Referer", proxyOrigin + "0/page")])
        #expect(elsewhere.hasSuffix("Origin: https://elsewhere.example\nReferer: \(proxyOrigin)0/page"), "\(elsewhere)")
    }

    @Test func theUpstreamsOriginIsWrittenAsABrowserWritesIt() {
        let headers: [(name: String, value: String)] = [
            ("origin", "HTTP://Proxy.example:8080"), ("Referer", "http://proxy.example:8080#top"),
        ]
        for (upstream, origin) in [
            ("https://api.example:443/v1/", "https://api.example"), ("http://api.example:8443/", "http://api.example:8443"),
            ("http://[::1]:9000/", "http://[::1]:9000"),
        ] {
            let rewritten = OriginHeaders(upstream: URL(string: upstream)!).rewritten(headers) { "http://proxy.example:8080" }
            #expect(rewritten.map(\.value) == [origin, origin + "#top"])
        }
        // No client origin known: as sent.
        #expect(OriginHeaders(upstream: URL(string: "http://a/")!).rewritten(headers) { nil }.map(\.value) == headers.map(\.value))
    }
}
