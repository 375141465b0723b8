import APICheck
import Foundation
import HTTPServer
import ProxyServer
import RelayExample
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Request bodies larger than the proxy gathers go upstream as they arrive: byte for byte, as
/// sent (a length or chunked), past the body cap, with the client held back while the upstream
/// does not read, and still checked from a copy up to the check's cap.
@Suite struct ProxyUploadTests {
    @Test func anUploadPastTheBodyCapReachesTheUpstreamWhileTheClientIsStillSending() async throws {
        let upstream = try UploadUpstream(.sink)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"))
        defer { harness.stop() }
        let body = BulkUpstream.bytes(40 << 20)
        let client = try ProxyStreamingTests.connect(port: harness.proxy.baseURL.port!)
        defer { close(client.socket) }
        let last = body.count - (64 << 10)
        let release = Atomic<Bool>(false)
        let socket = client.socket
        Thread.detachNewThread {
            Self.send(Array("POST /relay/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n".utf8), on: socket)
            Self.send(Array(body[..<last]), on: socket)
            while !release.load(ordering: .acquiring) { usleep(1000) }
            Self.send(Array(body[last...]), on: socket)
        }
        // The last bytes wait until the upstream has the first: a proxy that gathered the body
        // first would answer (or be cut off) before the upstream saw any of it.
        await Self.wait { upstream.bodyBytes > 0 || Self.readable(socket) }
        #expect(upstream.bodyBytes > 0, "the upstream saw nothing of a body the client had not finished sending")
        release.store(true, ordering: .releasing)
        let answer = try #require(Self.readAnswer(client))
        #expect(answer.head.hasPrefix("HTTP/1.1 200"))
        #expect(answer.body == "\(body.count)")
        let same = upstream.body == body
        #expect(same, "the upstream got \(upstream.body.count) of \(body.count) bytes, or other bytes")
        let head = try #require(upstream.heads.first).lowercased()
        #expect(head.contains("content-length: \(body.count)") && !head.contains("transfer-encoding"))
    }

    @Test func aChunkedUploadGoesOnChunked() async throws {
        let upstream = try UploadUpstream(.sink)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"))
        defer { harness.stop() }
        let body = BulkUpstream.bytes(3 << 20)
        var wire = Array("PUT /relay/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var start = 0
        while start < body.count {
            let end = min(body.count, start + 100_003)
            wire += Array((String(end - start, radix: 16) + "\r\n").utf8) + body[start..<end] + [13, 10]
            start = end
        }
        wire += Array("0\r\n\r\n".utf8)
        let client = try ProxyStreamingTests.connect(port: harness.proxy.baseURL.port!)
        defer { close(client.socket) }
        let socket = client.socket
        let sending = wire
        Thread.detachNewThread { Self.send(sending, on: socket) }
        let answer = try #require(Self.readAnswer(client))
        #expect(answer.head.hasPrefix("HTTP/1.1 200"))
        let same = upstream.body == body
        #expect(same, "the upstream got \(upstream.body.count) of \(body.count) bytes, or other bytes")
        let head = try #require(upstream.heads.first).lowercased()
        #expect(head.hasPrefix("put ") && head.contains("transfer-encoding: chunked") && !head.contains("content-length"))
    }

    @Test func aClientThatLeavesMidUploadFreesItsUpstreamSlot() async throws {
        let upstream = try UploadUpstream(.sink)
        defer { upstream.stop() }
        // One upstream transfer at a time: the next exchange gets through only once the first
        // let go. The upstream timeout would let go of it too, but long after the test gave up.
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) {
            $0.upstreamConfiguration.concurrency = 1
            $0.upstreamConfiguration.timeout = 600
        }
        defer { harness.stop() }
        let client = try ProxyUploadMemoryTests.startUpload(port: harness.proxy.baseURL.port!, length: 16 << 20, first: 1 << 20)
        await Self.wait { upstream.bodyBytes > 0 }
        close(client.socket)
        await Self.wait { upstream.cutShort > 0 }
        try #require(upstream.cutShort == 1, "the upstream transfer of a client that left was not dropped")
        let next = try await harness.send("/relay/next")
        #expect(next.status == 200)
    }

    /// A client that sends part of its body and leaves at once: its end arrives behind bytes
    /// the proxy has yet to read, which brings libmicrohttpd no event of its own; the deadlines'
    /// sweep raises one. The body deadline here is ten minutes, so without that the upstream
    /// transfer would outlive the test's wait.
    @Test func aClientThatLeavesRightAfterPartOfItsBodyIsNoticedBeforeItsDeadline() async throws {
        let upstream = try UploadUpstream(.sink)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) {
            $0.configuration.bodyTimeout = 600
            $0.configuration.idleTimeout = 600
            $0.upstreamConfiguration.timeout = 600
        }
        defer { harness.stop() }
        for _ in 0..<3 {
            let cutBefore = upstream.cutShort
            let client = try ProxyUploadMemoryTests.startUpload(port: harness.proxy.baseURL.port!, length: 16 << 20, first: 1 << 20)
            close(client.socket)
            await Self.wait { upstream.cutShort > cutBefore }
            try #require(upstream.cutShort == cutBefore + 1, "the upstream transfer of a client that left was not dropped")
        }
    }

    @Test func anEarlyAnswerReachesTheClientBeforeTheUpstreamReadTheBody() async throws {
        let upstream = try UploadUpstream(.refuseEarly)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"))
        defer { harness.stop() }
        // A rest small enough to drain after the answer (a larger one closes the connection:
        // ProxyEarlyAnswerTests).
        let body = BulkUpstream.bytes(1 << 20)
        let client = try ProxyStreamingTests.connect(port: harness.proxy.baseURL.port!)
        defer { close(client.socket) }
        let socket = client.socket
        Thread.detachNewThread {
            Self.send(Array("POST /relay/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n".utf8), on: socket)
            Self.send(body, on: socket)
        }
        let answer = try #require(Self.readAnswer(client))
        #expect(answer.head.hasPrefix("HTTP/1.1 413"))
        #expect(answer.body == "too large")
    }

    @Test func aStreamedBodyIsCheckedFromItsCopyUpToTheCap() async throws {
        let upstream = try TestServer { _ in ServerResponse(status: 204) }
        defer { upstream.stop() }
        // A Bool sent as a string, in a body small enough to gather, one past the threshold and
        // one past the check's cap.
        func login(pad: Int) -> Data {
            Data(
                (#"{"type":"m.login.password","identifier":{"type":"m.id.user","user":"ada"},"password":"pw","#
                    + #""initial_device_display_name":""# + String(repeating: "a", count: pad) + #"","refresh_token":"yes"}"#).utf8)
        }
        for (pad, expected) in [(10, FindingKind.invalidRequest), (300 << 10, .invalidRequest), (2 << 20, .unchecked)] {
            let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) {
                $0.upstreamConfiguration.maxBodyBytes = 1 << 20
            }
            defer { harness.stop() }
            let body = login(pad: pad)
            let answer = try await harness.send(.post, "/relay/login", headers: [("Content-Type", "application/json")], body: body)
            #expect(answer.status == 204)
            await harness.settled(1)
            let findings = harness.findings.map(\.finding).filter { $0.kind == .invalidRequest || $0.kind == .unchecked }
            #expect(findings.map(\.kind) == [expected], "a body of \(body.count) bytes")
            if expected == .invalidRequest {
                #expect(findings.first?.path?.contains("refresh_token") == true)
            } else {
                let message = findings.first?.message ?? ""
                #expect(findings.first?.severity == .info && findings.first?.endpoint == Relay.login.id)
                #expect(message.contains("\(body.count) bytes") && message.contains("cap of \(1 << 20) bytes"), "\(message)")
            }
        }
    }

    static func send(_ bytes: [UInt8], on socket: Int32) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Whether the proxy has said something (or closed) on `socket`.
    static func readable(_ socket: Int32) -> Bool {
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0
    }

    /// Waits until `condition` holds; gives up after a minute, so that a broken proxy fails the
    /// test rather than hanging it. No assertion reads the time.
    static func wait(_ condition: () -> Bool) async {
        let failsafe = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < failsafe { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// An answer's head and its body by its Content-Length.
    static func readAnswer(_ socket: FrameSocket) -> (head: String, body: String)? {
        guard let head = socket.readHead() else { return nil }
        let length =
            head.lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
        var body: [UInt8] = []
        while body.count < length, let some = socket.readSome() { body += some }
        return (head, String(decoding: body, as: UTF8.self))
    }
}
