import APICheck
import CurlClient
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A server builds absolute links from the `Host` it is sent, which through the proxy is the
/// upstream's: the links in an answer's headers (a redirect's `Location`, `Link`, a paging header
/// the API declares) point at the proxy as the client reached it, so that the next page comes
/// through the proxy too; no other header and no body changes.
@Suite struct ProxyLinkTests {
    struct Item: Codable, Sendable {
        var id: Int
    }

    struct Page: Codable, Sendable {
        var data: [Item]
    }

    /// Pages `Next-Page` as an absolute URL, as Kinto does.
    static let api = API(
        name: "items", environments: ["prod": URL(string: "https://api.example/v1/")!], envelope: EnvelopePolicy(),
        endpoints: [
            Endpoint<Page>(
                id: "items.list", .get, "items", mock: "items", enveloped: false,
                paging: .url(ids: "$.data[*].id", from: .header("Next-Page"), maxPages: 4, mustEnd: true))
        ])

    /// Three pages of two items; each page's `Next-Page` and `Link` name the server's own origin,
    /// taken from the `Host` it was sent.
    static func upstream() throws -> TestServer {
        try TestServer { request in
            let page = Int(request.queryValue("page") ?? "1") ?? 1
            let origin = "http://" + (request.header("Host") ?? "")
            var headers = [("Content-Type", "application/json"), ("X-Origin", origin + "/v1/")]
            if page < 3 {
                headers += [
                    ("Next-Page", "\(origin)/v1/items?page=\(page + 1)"),
                    // The second link's port begins with the server's: another origin, left alone.
                    ("Link", "<\(origin)/v1/items?page=\(page + 1)>; rel=\"next\", <\(origin)0/other>; rel=\"alternate\""),
                ]
            }
            let ids = [page * 2 - 1, page * 2]
            // `pad` makes the answer large enough to go to the client as it arrives.
            let pad = request.queryValue("pad") == nil ? "" : String(repeating: "x", count: 300_000)
            return ServerResponse(
                status: 200, headers: headers,
                body: Data(#"{"data": [{"id": \#(ids[0])}, {"id": \#(ids[1])}], "self": "\#(origin)/v1/items", "pad": "\#(pad)"}"#.utf8))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ProxyEngine.allCases)
    func linksToTheUpstreamInAnswerHeadersPointAtTheProxy(engine: ProxyEngine) async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/"), engine: engine)
        defer { harness.stop() }
        let upstreamOrigin = "http://127.0.0.1:\(upstream.url("/").port!)"
        let proxyOrigin = "http://127.0.0.1:\(harness.proxy.baseURL.port!)"
        let answer = try await harness.send("/v1/items")
        #expect(answer.header("Next-Page") == "\(proxyOrigin)/v1/items?page=2")
        #expect(answer.header("Link") == "<\(proxyOrigin)/v1/items?page=2>; rel=\"next\", <\(upstreamOrigin)0/other>; rel=\"alternate\"")
        // A header the API does not declare as a link, and the body, stay as they came.
        #expect(answer.header("X-Origin") == "\(upstreamOrigin)/v1/")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("\"self\": \"\(upstreamOrigin)/v1/items\""))
        // So does an answer too large to gather, whose head goes out before its body has come.
        let large = try await harness.send("/v1/items?pad=1")
        #expect(large.body.count > 300_000)
        #expect(large.header("Next-Page") == "\(proxyOrigin)/v1/items?page=2")

        // live pages the list through the proxy to its end, and the proxy judges every page.
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let report = await LiveCheck(api: Self.api, transport: transport, options: LiveOptions(baseURL: harness.url("/v1/"))).run()
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        // Every request the upstream got came through the proxy, the last page's included: the
        // proxy checks as many exchanges (a request that went past it would leave the wait to the
        // test's time limit).
        #expect(upstream.requests.contains { $0.queryValue("page") == "3" })
        await harness.settled(upstream.requests.count)
        #expect(harness.proxy.exchangeCount == upstream.requests.count)
        #expect(harness.findings.map(\.finding.message) == [])
    }

    /// A `Host` that is more than a host and port (a user before an `@`, a path, a quote) names no
    /// origin the proxy could point links at: they pass as they came rather than at whatever it says.
    @Test(.timeLimit(.minutes(1))) func aHostThatIsMoreThanAnOriginLeavesTheLinksAlone() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/"))
        defer { harness.stop() }
        let upstreamOrigin = "http://127.0.0.1:\(upstream.url("/").port!)"
        for host in ["user@evil.example", "evil.example/x", "evil.example\"x", "evil.example<x>"] {
            let answer = try await harness.send("/v1/items", headers: [("Host", host)])
            #expect(answer.header("Next-Page") == "\(upstreamOrigin)/v1/items?page=2", "Host: \(host)")
        }
        let proxyPort = harness.proxy.baseURL.port!
        let plain = try await harness.send("/v1/items", headers: [("Host", "app.example:\(proxyPort)")])
        #expect(plain.header("Next-Page") == "http://app.example:\(proxyPort)/v1/items?page=2")
    }
}
