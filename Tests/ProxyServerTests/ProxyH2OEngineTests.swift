import APICheck
import Contracts
import Dispatch
import Foundation
import HTTPServer
import ProxyServer
import RelayExample
import TestSupport
import Testing

/// What the h2o engine does of its own (the checks, pass-through and memo suites run on both
/// engines): an https upstream verified as `live` verifies one, h2o's framing kept out of the
/// copy it checks, event streams and connection caps, and the options it refuses.
@Suite struct ProxyH2OEngineTests {
    static func https(_ certificate: String = "server", _ body: String = #"{"name": "relay", "version": "1.4.2"}"#) throws -> TestServer {
        try TestServer(configuration: TLSFixtures.serverTLS(certificate)) { _ in .json(Data(body.utf8)) }
    }

    @Test func anHTTPSUpstreamIsVerifiedAgainstTheCABundleAndItsAnswersChecked() async throws {
        let upstream = try Self.https()
        defer { upstream.stop() }
        let url = URL(string: "https://127.0.0.1:\(upstream.server.port)/relay/")!
        let harness = try ProxyHarness(api: Relay.api, upstream: url, engine: .h2o) {
            $0.upstreamConfiguration.tls.caBundle = TLSFixtures.ca
        }
        defer { harness.stop() }
        let answer = try await harness.send("/relay/version")
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("1.4.2"))
        await harness.settled(1)
        #expect(harness.findings.isEmpty, "\(harness.findings.map(\.finding.message))")
        // Without the bundle the fixture's CA is not trusted: no answer, a TLS finding.
        let untrusting = try ProxyHarness(api: Relay.api, upstream: url, engine: .h2o)
        defer { untrusting.stop() }
        #expect(try await untrusting.send("/relay/version").status == 502)
        await untrusting.settled(1)
        #expect(untrusting.findings.map(\.finding.kind) == [.tlsUntrusted], "\(untrusting.findings.map(\.finding.message))")
        // --insecure takes it.
        let insecure = try ProxyHarness(api: Relay.api, upstream: url, engine: .h2o) { $0.upstreamConfiguration.insecure = true }
        defer { insecure.stop() }
        #expect(try await insecure.send("/relay/version").status == 200)
    }

    @Test func aCertificateForAnotherHostIsRefused() async throws {
        let upstream = try Self.https("other-host")
        defer { upstream.stop() }
        let harness = try ProxyHarness(
            api: Relay.api, upstream: URL(string: "https://127.0.0.1:\(upstream.server.port)/relay/")!, engine: .h2o
        ) { $0.upstreamConfiguration.tls.caBundle = TLSFixtures.ca }
        defer { harness.stop() }
        #expect(try await harness.send("/relay/version").status == 502)
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.kind) == [.tlsHostName], "\(harness.findings.map(\.finding.message))")
    }

    /// h2o frames an answer of unknown length in chunks for the client; the check reads the
    /// upstream's content, not the framing, whether the content is right or broken.
    @Test func aChunkedAnswerIsCheckedAsItsContent() async throws {
        let json = Array(#"{"name": "relay", "version": "1.4.2"}"#.utf8)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        let good = try BulkUpstream(head: head, body: json, chunked: true)
        defer { good.stop() }
        let broken = try BulkUpstream(head: head, body: Array(json.dropLast()), chunked: true)
        defer { broken.stop() }
        for (upstream, kinds) in [(good, [FindingKind]()), (broken, [FindingKind.notJSON])] {
            let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: .h2o)
            defer { harness.stop() }
            let answer = try await harness.send("/relay/version")
            #expect(answer.status == 200)
            await harness.settled(1)
            #expect(harness.findings.map(\.finding.kind) == kinds, "\(harness.findings.map(\.finding.message))")
        }
    }

    @Test(.timeLimit(.minutes(1))) func anEventStreamArrivesEventByEventUncheckedAndCounted() async throws {
        let release = DispatchSemaphore(value: 0)
        let first = "id: 1\ndata: first\n\n", second = "data: second\n\n"
        let upstream = try TLSUpstreams.eventStream(first: first, second: second, release: release)
        defer {
            release.signal()
            upstream.stop()
        }
        let harness = try ProxyHarness(
            api: Demo.api, upstream: URL(string: "https://127.0.0.1:\(upstream.server.port)/Api/")!, engine: .h2o
        ) { $0.upstreamConfiguration.tls.caBundle = TLSFixtures.ca }
        defer { harness.stop() }
        let connection = try RawConnection(port: harness.proxy.baseURL.port!, readTimeout: 30)
        // Closed after the stream, so that reading to the end ends.
        connection.send("GET /Api/topics HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n")
        let reader = FrameSocket(connection.socket)
        let head = reader.readHead() ?? ""
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
        var raw: [UInt8] = []
        // The first event arrives while the upstream holds the second back.
        while !ProxyTLSTunnelTests.dechunked(raw).body.starts(with: Array(first.utf8)), let piece = reader.readSome() { raw += piece }
        release.signal()
        while let piece = reader.readSome() { raw += piece }
        #expect(ProxyTLSTunnelTests.dechunked(raw).body == Array((first + second).utf8))
        await harness.settled(1)
        // On a declared route (topics), yet no finding: an event stream is not an answer to decode.
        #expect(harness.findings.isEmpty, "\(harness.findings.map(\.finding.message))")
        #expect(harness.proxy.findingsJSON.contains(#""eventStreams":1"#), "\(harness.proxy.findingsJSON)")
    }

    /// An upgrade the upstream refuses goes back as it came, counted as a tunnel and never judged,
    /// as on the standard engine: not an undeclared route, not a finding.
    @Test(arguments: ProxyEngine.allCases) func aRefusedUpgradeIsATunnelNotAnExchange(engine: ProxyEngine) async throws {
        let upstream = try TestServer { _ in ServerResponse(status: 403, headers: [("Content-Type", "text/plain")], body: Data("no".utf8)) }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"), engine: engine) { $0.undeclaredIsError = true }
        defer { harness.stop() }
        let (connection, frames, head) = try ProxyTunnelTests.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 403"), "\(head)")
        _ = (connection, frames)
        let document = try JSONParser.parse(Data(harness.proxy.findingsJSON.utf8))
        #expect(document["tunnels"]?["opened"] == .number("1"), "\(harness.proxy.findingsJSON)")
        #expect(document["undeclared"] == .array([]), "\(harness.proxy.findingsJSON)")
        #expect(harness.findings.isEmpty)
    }

    @Test func connectionsPastTheCapPerAddressAreClosed() async throws {
        let upstream = try TestServer { _ in .json(Data("{}".utf8)) }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: .h2o) {
            $0.configuration.perClientConnectionLimit = 2
        }
        defer { harness.stop() }
        let port = harness.proxy.baseURL.port!
        var held = try (0..<2).map { _ in try RawConnection(port: port, readTimeout: 30) }
        for connection in held {
            connection.send("GET /relay/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(FrameSocket(connection.socket).readHead()?.hasPrefix("HTTP/1.1 200") == true)
        }
        // Both kept alive: a third from the same address is closed unanswered.
        let third = try RawConnection(port: port, readTimeout: 30)
        third.send("GET /relay/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(third.readUntilClosed() == Data())
        // One let go, and there is room again.
        held.removeFirst()
        var answered = false
        for _ in 0..<200 where !answered {
            let next = try RawConnection(port: port, readTimeout: 30)
            next.send("GET /relay/version HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            answered = next.readUntilClosed().map { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 200") } == true
            if !answered { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(answered)
    }

    @Test func optionsTheEngineCannotHonourStopItsStart() throws {
        let upstream = URL(string: "http://127.0.0.1:9/relay/")!
        var enforcing = ProxyOptions(upstream: upstream, port: 0)
        enforcing.engine = .h2o
        enforcing.enforce = true
        #expect(throws: (any Error).self) { try ProxyServer(api: Relay.api, mocks: nil, options: enforcing).start() }
        let refusal = ProxyEngine.h2o.refusal(enforcing)
        #expect(refusal?.contains("--enforce") == true)
        var listeningTLS = ProxyOptions(upstream: upstream, port: 0)
        listeningTLS.engine = .h2o
        listeningTLS.configuration.tls = try TLSFixtures.serverTLS().tls
        #expect(ProxyEngine.h2o.refusal(listeningTLS)?.contains("TLS") == true)
        #expect(ProxyEngine.standard.refusal(enforcing) == nil)
    }
}
