import APICheck
import CurlClient
import Foundation
import HTTPServer
import ProxyServer
import RelayExample
import TestSupport
import Testing

/// What crosses the proxy crosses it unchanged: the request as the upstream receives it, the
/// answer as the client receives it, compared with the same exchange made directly.
@Suite struct ProxyPassThroughTests {
    static let payload = Data(#"{"name": "relay", "version": "1.4.2"}"#.utf8)

    /// An upstream whose answers exercise the pass-through: a gzip body, repeated headers, an
    /// odd status, binary bytes, a redirect that must not be followed.
    static func upstream() throws -> TestServer {
        let gzipped = try payload.gzipped()
        var configuration = HTTPServerConfiguration()
        configuration.keepsRawQuery = true
        return try TestServer(configuration: configuration) { request in
            switch request.path {
            case "/relay/version":
                if request.header("Accept-Encoding")?.contains("gzip") == true {
                    return ServerResponse(
                        status: 200,
                        headers: [
                            ("Content-Type", "application/json"), ("Content-Encoding", "gzip"),
                            ("Vary", "Accept-Encoding"),
                        ], body: gzipped)
                }
                return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: payload)
            case "/relay/teapot":
                return ServerResponse(
                    status: 418,
                    headers: [
                        ("Set-Cookie", "a=1; Path=/"), ("Set-Cookie", "b=2; Path=/"),
                        ("X-Custom", "kept"), ("Content-Type", "application/octet-stream"),
                    ],
                    body: Data((0...255).map { UInt8($0) }))
            case "/relay/moved":
                return ServerResponse(status: 302, headers: [("Location", "/relay/version")])
            default:
                return ServerResponse(
                    status: 200, headers: [("Content-Type", "text/plain")],
                    body: Data("\(request.method) \(request.rawPath)?\(request.rawQuery ?? "") \(request.body.count)".utf8))
            }
        }
    }

    @Test(arguments: ProxyEngine.allCases) func answersReachTheClientAsTheUpstreamSentThem(engine: ProxyEngine) async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine)
        defer { harness.stop() }
        for (path, headers) in [
            ("/relay/version", [("Accept-Encoding", "gzip")]), ("/relay/version", []),
            ("/relay/teapot", []), ("/relay/moved", []),
        ] as [(String, [(name: String, value: String)])] {
            let direct = try await harness.client.send(HTTPRequest(method: .get, url: upstream.url(path), headers: headers))
            let proxied = try await harness.send(path, headers: headers)
            #expect(proxied.status == direct.status, "\(path)")
            #expect(proxied.body == direct.body, "\(path)")
            for name in ["Content-Type", "Content-Encoding", "Vary", "X-Custom", "Location"] {
                #expect(proxied.header(name) == direct.header(name), "\(path) \(name)")
            }
            #expect(
                proxied.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
                    == direct.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value), "\(path)")
        }
        // The compressed answer stayed compressed, and its copy was checked decoded: it decodes,
        // so there is nothing to find.
        await harness.settled(4)
        #expect(harness.findings.map(\.finding.message) == [])
    }

    @Test(arguments: ProxyEngine.allCases) func requestsReachTheUpstreamAsTheClientSentThem(engine: ProxyEngine) async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine)
        defer { harness.stop() }
        let body = Data((0..<300_000).map { UInt8($0 % 251) })
        let answer = try await harness.send(
            .put, "/relay/some/where%2Fencoded?b=2&a=%20x&flag&empty=",
            headers: [
                ("X-Trace", "t1"), ("Content-Type", "application/octet-stream"), ("Connection", "keep-alive, X-Hop"), ("X-Hop", "gone"),
                ("Keep-Alive", "timeout=5"), ("Proxy-Connection", "keep-alive"), ("X-Apicheck-Skip", "1"),
            ], body: body)
        #expect(answer.status == 200)
        let seen = try #require(upstream.requests.last)
        #expect(seen.method == "PUT")
        #expect(seen.rawPath == "/relay/some/where%2Fencoded")
        #expect(seen.rawQuery == "b=2&a=%20x&flag&empty=")
        #expect(seen.body == body)
        #expect(seen.header("X-Trace") == "t1")
        // Hop-by-hop headers, and those the Connection header names, stop at the proxy.
        #expect(seen.header("X-Hop") == nil)
        // In whatever case they are written.
        #expect(seen.header("Keep-Alive") == nil)
        #expect(seen.header("Proxy-Connection") == nil)
        // The opt-out is the proxy's: the upstream never sees it.
        #expect(seen.header("X-Apicheck-Skip") == nil)
        #expect(seen.header("Host") == "127.0.0.1:\(upstream.server.port)")
        // Nothing of libcurl's own is added.
        #expect(seen.header("Accept") == nil)
        #expect(seen.header("User-Agent") == nil)
    }

    @Test(arguments: ProxyEngine.allCases) func anUnreachableUpstreamIsABadGateway(engine: ProxyEngine) async throws {
        // A port nothing listens on: bound, then closed.
        let closed = try TestServer { _ in ServerResponse() }
        let url = closed.url("/relay/")
        closed.stop()
        let harness = try ProxyHarness(api: Relay.api, upstream: url, engine: engine)
        defer { harness.stop() }
        let answer = try await harness.send("/relay/version")
        #expect(answer.status == 502)
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.kind) == [.unreachable])
    }

    /// A client that leaves while the upstream is still working takes the upstream call with it:
    /// a burst of abandoned requests must not hold the upstream side for everyone else.
    @Test(.timeLimit(.minutes(1)), arguments: ProxyEngine.allCases) func aClientThatLeavesCancelsItsUpstreamCall(engine: ProxyEngine)
        async throws
    {
        let held = DispatchSemaphore(value: 0)
        let upstream = try TestServer { _ in
            held.wait()
            return ServerResponse(status: 200)
        }
        defer {
            held.signal()
            upstream.stop()
        }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine)
        defer { harness.stop() }
        do {
            let connection = try RawConnection(port: harness.proxy.baseURL.port!)
            #expect(connection.send("GET /relay/version HTTP/1.1\r\nHost: x\r\n\r\n"))
            while upstream.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        }
        // The connection is gone: the proxy notices, and cancels the call it waits on.
        while !harness.proxy.findingsJSON.contains(#""abandoned":1"#) { try await Task.sleep(for: .milliseconds(10)) }
        await harness.settled(1)
        #expect(harness.findings.isEmpty)
    }

    /// A burst of clients that send a slow request and leave at once: each one's upstream call is
    /// cancelled, however libmicrohttpd ends its connection, so the upstream side's slots are
    /// free again for the next client at once, not after the upstream's delay.
    @Test(.timeLimit(.minutes(1))) func aBurstOfClientsThatLeaveFreesTheUpstreamSide() async throws {
        var configuration = HTTPServerConfiguration(perClientConnectionLimit: 0)
        configuration.threadModel = .pool(threads: 2)
        let upstream = try TestServer(configuration: configuration) { request in
            var response = ServerResponse(status: 200)
            if request.header("X-Now") == nil { response.delay = 30 }
            return response
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) { options in
            options.configuration.perClientConnectionLimit = 0
            options.upstreamConfiguration.concurrency = 16
        }
        defer { harness.stop() }
        for _ in 0..<900 {
            let connection = try RawConnection(port: harness.proxy.baseURL.port!)
            connection.send("GET /relay/version HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        // Sixteen upstream slots held by calls whose clients left would keep this one waiting
        // for the upstream's 30 s delay, past the client's 10 s timeout.
        let fresh = try await harness.send("/relay/version", headers: [("X-Now", "1")])
        #expect(fresh.status == 200)
    }
}
