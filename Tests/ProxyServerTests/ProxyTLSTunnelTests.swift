import APICheck
import Contracts
import Dispatch
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Tunnels and event streams to an `https` upstream: libcurl makes the connection (the host
/// resolved on its resolver, the TLS handshake with the proxy's TLS options) without a
/// blocking call on the tunnel thread, and the bytes pass encrypted upstream, exact.
@Suite struct ProxyTLSTunnelTests {
    static func proxy(to port: Int, caBundle: Bool = true, configure: (inout ProxyOptions) -> Void = { _ in }) throws -> ProxyHarness {
        try ProxyHarness(api: Demo.api, upstream: URL(string: "https://127.0.0.1:\(port)/Api/")!) {
            if caBundle { $0.upstreamConfiguration.tls.caBundle = TLSFixtures.ca }
            configure(&$0)
        }
    }

    func findings(_ harness: ProxyHarness) async throws -> String {
        String(decoding: try await harness.send("/__apicheck/findings").body, as: UTF8.self)
    }

    /// Frames both ways through buffers of 256 bytes, smaller than a TLS record: first one at a time, each echo awaited before
    /// the next frame goes (so the rest of a TLS record the proxy had no room for sits decrypted
    /// in the connection while the socket has nothing more: it must be read all the same), then
    /// a megabyte written while the echo is read.
    @Test(.timeLimit(.minutes(1))) func aWebSocketEchoesByteExactThroughAnHTTPSUpstream() async throws {
        let upstream = try TLSUpstreams.webSocketEcho()
        defer { upstream.stop() }
        let harness = try Self.proxy(to: upstream.port) { $0.tunnelBufferBytes = 256 }
        defer { harness.stop() }
        let (connection, frames, head) = try ProxyTunnelTests.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        #expect(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), "\(head)")
        var random = SplitMix64(seed: 31)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        for payload in [Array("hello".utf8), [], bytes(5000), bytes(60_000), bytes(300)] {
            frames.write(FrameSocket.frame(opcode: 2, payload: payload, masked: true))
            let echo = try #require(frames.readFrame())
            #expect(echo.opcode == 2)
            #expect(echo.payload == payload, "a frame of \(payload.count) bytes came back as \(echo.payload.count)")
        }
        let burst = (0..<18).map { bytes($0.isMultiple(of: 2) ? 60_000 : 1 + $0 * 997) }
        let socket = frames.socket
        let writer = Thread {
            let out = FrameSocket(socket)
            for payload in burst { out.write(FrameSocket.frame(opcode: 2, payload: payload, masked: true)) }
        }
        writer.start()
        for payload in burst {
            let echo = try #require(frames.readFrame())
            #expect(echo.payload == payload, "a frame of \(payload.count) bytes came back as \(echo.payload.count)")
        }
        Self.close(connection, frames)
        let document = try await findings(harness)
        #expect(document.contains(#""tunnels":{"opened":1"#), "\(document)")
        #expect(document.contains(#""failed":0"#), "\(document)")
    }

    /// `--insecure` reaches the tunnels too: with no CA bundle, the fixture's certificate is taken.
    @Test func anInsecureProxyTunnelsToAnUntrustedUpstream() async throws {
        let upstream = try TLSUpstreams.webSocketEcho()
        defer { upstream.stop() }
        let harness = try Self.proxy(to: upstream.port, caBundle: false) { $0.upstreamConfiguration.insecure = true }
        defer { harness.stop() }
        let (connection, frames, head) = try ProxyTunnelTests.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        frames.write(FrameSocket.frame(opcode: 1, payload: Array("hello".utf8), masked: true))
        #expect(frames.readFrame()?.payload == Array("hello".utf8))
        Self.close(connection, frames)
    }

    /// The closing handshake, and the connection's end: the echo has let its connection go.
    static func close(_ connection: RawConnection, _ frames: FrameSocket) {
        frames.write(FrameSocket.frame(opcode: 8, payload: [3, 232], masked: true))
        #expect(frames.readFrame()?.opcode == 8)
        #expect(connection.readUntilClosed() != nil)
    }

    @Test(.timeLimit(.minutes(1))) func anEventStreamFromAnHTTPSUpstreamArrivesEventByEventAndExact() async throws {
        let release = DispatchSemaphore(value: 0)
        let first = "id: 1\ndata: first\n\n", second = "event: note\ndata: second \u{00e9}\n\n"
        let upstream = try TLSUpstreams.eventStream(first: first, second: second, release: release)
        defer {
            release.signal()
            upstream.stop()
        }
        let harness = try Self.proxy(to: upstream.server.port)
        defer { harness.stop() }
        let connection = try RawConnection(port: harness.proxy.baseURL.port!, readTimeout: 30)
        connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        let reader = FrameSocket(connection.socket)
        let head = reader.readHead() ?? ""
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
        var raw: [UInt8] = []
        while !Self.dechunked(raw).body.starts(with: Array(first.utf8)), let piece = reader.readSome() { raw += piece }
        #expect(Self.dechunked(raw).body == Array(first.utf8))
        release.signal()
        while let piece = reader.readSome() { raw += piece }
        let (body, ended) = Self.dechunked(raw)
        #expect(body == Array((first + second).utf8))
        #expect(ended, "the stream ended well")
        #expect(try await findings(harness).contains(#""eventStreams":1"#))
    }

    /// An upstream whose certificate does not hold (expired here, under the CA the proxy
    /// trusts) is refused: the client gets a 502 with the TLS reason, and the tunnel counts as
    /// failed.
    @Test func aBadCertificateIsRefusedWithItsReasonAndCountedFailed() async throws {
        let upstream = try TLSUpstreams.webSocketEcho(certificate: "expired")
        defer { upstream.stop() }
        let harness = try Self.proxy(to: upstream.port)
        defer { harness.stop() }
        let (connection, frames, head) = try ProxyTunnelTests.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 502"), "\(head)")
        let body = Self.rest(frames)
        _ = connection
        #expect(body.contains("certificate has expired"), "\(body)")
        let document = try await findings(harness)
        #expect(document.contains(#""failed":1"#), "\(document)")
        #expect(upstream.requests.isEmpty, "the request's head never went over the refused connection")
    }

    @Test func anUpstreamHostThatDoesNotResolveAnswers502WithTheReason() async throws {
        let harness = try ProxyHarness(api: Demo.api, upstream: URL(string: "https://no-such-host.invalid/Api/")!)
        defer { harness.stop() }
        let (connection, frames, head) = try ProxyTunnelTests.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 502"), "\(head)")
        let body = Self.rest(frames)
        _ = connection
        #expect(body.contains("resolve"), "\(body)")
        #expect(try await findings(harness).contains(#""failed":1"#))
    }

    /// A tunnel whose upstream never finishes its TLS handshake holds no other: the second
    /// tunnel's echo arrives while the first is still connecting.
    @Test(.timeLimit(.minutes(1))) func aStalledHandshakeDoesNotHoldUpAnotherTunnel() async throws {
        let upstream = try TLSUpstreams.webSocketEcho()
        defer { upstream.stop() }
        let relay = try HoldingRelay(target: upstream.port)
        defer { relay.stop() }
        // The first tunnel's connect timeout must outlast the second's echo, however loaded the machine.
        let harness = try Self.proxy(to: relay.port) { $0.upstreamConfiguration.connectTimeout = 60 }
        // The held connection ends first: a proxy that waits for it (the bug) can then stop.
        defer {
            relay.stop()
            harness.stop()
        }
        let stalled = try RawConnection(port: harness.proxy.baseURL.port!, readTimeout: 30)
        stalled.send(
            "GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        // A bound on the wait keeps a proxy that never connects from hanging the run; it is no
        // measure of time (a timeLimit cannot end a thread blocked on a semaphore).
        try #require(relay.holding.wait(timeout: .now() + 120) == .success, "the proxy never connected to the upstream")
        let (connection, frames, head) = try ProxyTunnelTests.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        frames.write(FrameSocket.frame(opcode: 1, payload: Array("through".utf8), masked: true))
        #expect(frames.readFrame()?.payload == Array("through".utf8))
        // The first is still connecting: its client has had no byte yet.
        var byte: UInt8 = 0
        #expect(recv(stalled.socket, &byte, 1, Int32(MSG_DONTWAIT)) == -1)
        #expect(try await findings(harness).contains(#""open":2"#))
        Self.close(connection, frames)
    }

    /// The one-line body after the head (the proxy's reasons end with a line break).
    static func rest(_ reader: FrameSocket) -> String {
        var bytes: [UInt8] = []
        while bytes.last != 10, let piece = reader.readSome() { bytes += piece }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A chunked body's data, and whether its last chunk came.
    static func dechunked(_ raw: [UInt8]) -> (body: [UInt8], ended: Bool) {
        var body: [UInt8] = []
        var index = 0
        while let lineEnd = raw[index...].firstIndex(of: 10) {
            let sizeText = String(decoding: raw[index..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let size = Int(sizeText, radix: 16) else { break }
            if size == 0 { return (body, true) }
            guard lineEnd + 1 + size + 2 <= raw.count else { break }
            body += raw[(lineEnd + 1)..<(lineEnd + 1 + size)]
            index = lineEnd + 1 + size + 2
        }
        return (body, false)
    }
}
