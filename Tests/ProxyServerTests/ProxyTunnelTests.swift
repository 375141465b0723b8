import APICheck
import Contracts
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// WebSocket upgrades through the proxy: a tunnel, unchecked but counted, that carries the
/// frames both ways; capped per client address, and closed when idle.
@Suite struct ProxyTunnelTests {
    /// A client's handshake on a fresh connection to the proxy, and the 101's head.
    static func handshake(_ harness: ProxyHarness, key: String = "dGhlIHNhbXBsZSBub25jZQ==") throws -> (RawConnection, FrameSocket, String)
    {
        let connection = try RawConnection(port: harness.proxy.baseURL.port!, readTimeout: 30)
        connection.send(
            "GET /chat?room=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let frames = FrameSocket(connection.socket)
        return (connection, frames, frames.readHead() ?? "")
    }

    func findings(_ harness: ProxyHarness) async throws -> String {
        String(decoding: try await harness.send("/__apicheck/findings").body, as: UTF8.self)
    }

    @Test(arguments: ProxyEngine.allCases) func aWebSocketEchoesThroughTheProxyAndIsCounted(engine: ProxyEngine) async throws {
        let upstream = try WebSocketEchoServer()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: URL(string: "http://127.0.0.1:\(upstream.port)/Api/")!, engine: engine)
        defer { harness.stop() }
        let (connection, frames, head) = try Self.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        // The upstream's accept value, as it computed it from the client's key, reaches the client.
        #expect(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), "\(head)")
        for text in ["hello", String(repeating: "x", count: 300)] {
            frames.write(FrameSocket.frame(opcode: 1, payload: Array(text.utf8), masked: true))
            let echo = try #require(frames.readFrame())
            #expect(echo.opcode == 1)
            #expect(String(decoding: echo.payload, as: UTF8.self) == text)
        }
        frames.write(FrameSocket.frame(opcode: 8, payload: [3, 232], masked: true))
        #expect(frames.readFrame()?.opcode == 8)
        #expect(connection.readUntilClosed() != nil)
        let document = try await findings(harness)
        #expect(document.contains(#""tunnels":{"opened":1"#), "\(document)")
        #expect(harness.findings.isEmpty)
        let report = harness.proxy.report(startedAt: Date())
        #expect(report.runFindings.contains { $0.message.hasPrefix("1 WebSocket tunnel and 0 event streams passed through unchecked") })
    }

    @Test func tunnelsPastTheCapPerAddressAreRefusedAndCounted() async throws {
        let upstream = try WebSocketEchoServer()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: URL(string: "http://127.0.0.1:\(upstream.port)/Api/")!) {
            $0.tunnelsPerAddress = 1
        }
        defer { harness.stop() }
        let (first, _, head) = try Self.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        let (_, _, refused) = try Self.handshake(harness)
        #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused)")
        #expect(try await findings(harness).contains(#""refused":1"#))
        _ = first
    }

    /// A tunnel where no byte moves (a client that went quiet, or stopped reading) is closed
    /// after the idle timeout, and counted: waited on by the client's read seeing the close.
    @Test func anIdleTunnelIsClosedAndCounted() async throws {
        let upstream = try WebSocketEchoServer()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: URL(string: "http://127.0.0.1:\(upstream.port)/Api/")!) {
            $0.tunnelIdleTimeout = 0.5
        }
        defer { harness.stop() }
        let (connection, _, head) = try Self.handshake(harness)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        #expect(connection.readUntilClosed() != nil)
        #expect(try await findings(harness).contains(#""idleClosed":1"#))
    }

    /// An upgrade to another protocol is no tunnel: its exchanges would pass unchecked. It goes
    /// on as an ordinary request, checked, its `Upgrade` dropped as hop-by-hop.
    @Test func anUpgradeToAnotherProtocolIsAnOrdinaryExchange() async throws {
        let upstream = try TestServer { _ in .json(Data("[]".utf8)) }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"))
        defer { harness.stop() }
        let answer = try await harness.send("/Api/config/main.json", headers: [("Upgrade", "h2c"), ("Connection", "Upgrade")])
        #expect(answer.status == 200)
        #expect(upstream.requests.first?.header("Upgrade") == nil)
        #expect(try await findings(harness).contains(#""tunnels":{"opened":0"#))
    }

    /// An event stream reaches the client event by event: the upstream holds the stream open
    /// until the client has read the first event, so a proxy that waited for the end would wait
    /// for ever.
    @Test(.timeLimit(.minutes(1))) func anEventStreamsFirstEventReachesTheClientBeforeTheStreamEnds() async throws {
        let upstream = try EventStreamServer()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: URL(string: "http://127.0.0.1:\(upstream.port)/Api/")!)
        defer { harness.stop() }
        let connection = try RawConnection(port: harness.proxy.baseURL.port!, readTimeout: 30)
        connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        let reader = FrameSocket(connection.socket)
        let head = reader.readHead() ?? ""
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
        #expect(head.lowercased().contains("content-type: text/event-stream"), "\(head)")
        var seen = ""
        while !seen.contains("data: first\n\n"), let piece = reader.readSome() { seen += String(decoding: piece, as: UTF8.self) }
        #expect(seen.contains("data: first\n\n"))
        upstream.release.signal()
        while let piece = reader.readSome() { seen += String(decoding: piece, as: UTF8.self) }
        #expect(seen.contains("data: second\n\n"), "\(seen)")
        // Re-chunked for the client, and ended with the last chunk: the stream ended well.
        #expect(seen.hasSuffix("0\r\n\r\n"), "\(seen)")
        #expect(try await findings(harness).contains(#""eventStreams":1"#))
    }
}
