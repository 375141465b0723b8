import Foundation
import ProxyServer
import RelayExample
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `--upload-memory`: what the request bodies streamed upstream hold together is bounded. An
/// upload that would pass it is answered 503 at once, in the API's error shape with
/// `Retry-After`, and counted; each upload gives its share back however its exchange ends.
@Suite struct ProxyUploadMemoryTests {
    static let each = ProxyOptions.bytesPerUpload

    /// The head of an upload announcing `length` bytes, and its first `first` bytes.
    static func startUpload(port: Int, length: Int, first: Int) throws -> FrameSocket {
        let client = try ProxyStreamingTests.connect(port: port)
        let head = "POST /relay/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(length)\r\n\r\n"
        ProxyUploadTests.send(Array(head.utf8), on: client.socket)
        ProxyUploadTests.send(BulkUpstream.bytes(first), on: client.socket)
        return client
    }

    @Test func uploadsPastTheCapAreAnswered503AtOnceAndPassAgainOnceTheHeldOnesEnd() async throws {
        let upstream = try UploadUpstream(.sink)
        defer { upstream.stop() }
        let held = 3
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) {
            $0.uploadMemory = held * Self.each + Self.each / 2
        }
        defer { harness.stop() }
        let port = harness.proxy.baseURL.port!
        let length = 2 << 20
        // Each sends half its body and waits: its buffers stay booked until its exchange ends.
        var open: [FrameSocket] = []
        for _ in 0..<held { open.append(try Self.startUpload(port: port, length: length, first: length / 2)) }
        defer { for client in open { close(client.socket) } }
        await ProxyUploadTests.wait { harness.proxy.uploadMemoryHeld == held * Self.each && upstream.heads.count == held }
        try #require(harness.proxy.uploadMemoryHeld == held * Self.each, "\(harness.proxy.uploadMemoryHeld) bytes held")

        // A body small enough to drain: read and dropped, then the answer, on a connection kept.
        let small = try ProxyStreamingTests.connect(port: port)
        defer { close(small.socket) }
        let smallBody = 512 << 10
        let smallHead = "POST /relay/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(smallBody)\r\n\r\n"
        ProxyUploadTests.send(Array(smallHead.utf8) + BulkUpstream.bytes(smallBody), on: small.socket)
        let refused = try #require(ProxyUploadTests.readAnswer(small), "no answer to an upload past the cap")
        #expect(refused.head.hasPrefix("HTTP/1.1 503"), "\(refused.head)")
        #expect(refused.head.lowercased().contains("\r\nretry-after: 1"), "\(refused.head)")
        // Relay's error shape: {"errcode": …, "error": …}.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any], "\(refused.body)")
        #expect(document["errcode"] != nil && (document["error"] as? String)?.contains("--upload-memory") == true, "\(refused.body)")

        // A large body: answered before any of it is read, its rest left unread.
        let large = try ProxyStreamingTests.connect(port: port)
        defer { close(large.socket) }
        let sending = ProxyEarlyAnswerTests.CountedUpload(large.socket, path: "/relay/upload", body: 64 << 20)
        let head = try #require(large.readHead(), "the connection closed without the answer")
        #expect(head.hasPrefix("HTTP/1.1 503") && head.lowercased().contains("\r\nretry-after: 1"), "\(head)")
        await sending.finished()
        #expect(sending.sent < 16 << 20, "the proxy read \(sending.sent >> 20) MiB of an upload it refused")

        #expect(harness.proxy.uploadsRefused == 2)
        #expect(harness.proxy.findingsJSON.contains(#""uploadsRefused":2"#))
        let summary = harness.proxy.report(startedAt: Date()).runFindings.map(\.message)
        #expect(summary.contains { $0.hasPrefix("2 streamed uploads answered 503") }, "\(summary)")
        #expect(upstream.heads.count == held, "a refused upload reached the upstream")

        // The held ones end whole; their share comes back, and the next upload streams.
        for client in open {
            ProxyUploadTests.send(BulkUpstream.bytes(length - length / 2), on: client.socket)
            let answer = try #require(ProxyUploadTests.readAnswer(client))
            #expect(answer.head.hasPrefix("HTTP/1.1 200") && answer.body == "\(length)", "\(answer.head)")
        }
        await ProxyUploadTests.wait { harness.proxy.uploadMemoryHeld == 0 }
        #expect(harness.proxy.uploadMemoryHeld == 0)
        let next = try Self.startUpload(port: port, length: length, first: length)
        defer { close(next.socket) }
        let passed = try #require(ProxyUploadTests.readAnswer(next))
        #expect(passed.head.hasPrefix("HTTP/1.1 200") && passed.body == "\(length)", "\(passed.head)")
        #expect(harness.proxy.uploadsRefused == 2)
    }

    @Test func anUploadWhoseClientLeftGivesItsShareBack() async throws {
        let upstream = try UploadUpstream(.sink)
        defer { upstream.stop() }
        // Room for one upload: the next streams only once the first let go.
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) { $0.uploadMemory = Self.each }
        defer { harness.stop() }
        let port = harness.proxy.baseURL.port!
        let leaving = try Self.startUpload(port: port, length: 16 << 20, first: 1 << 20)
        await ProxyUploadTests.wait { upstream.bodyBytes > 0 }
        #expect(harness.proxy.uploadMemoryHeld == Self.each)
        close(leaving.socket)
        await ProxyUploadTests.wait { harness.proxy.uploadMemoryHeld == 0 }
        #expect(harness.proxy.uploadMemoryHeld == 0, "a client that left kept its share of the upload memory")
        let next = try Self.startUpload(port: port, length: 1 << 20, first: 1 << 20)
        defer { close(next.socket) }
        let answer = try #require(ProxyUploadTests.readAnswer(next))
        #expect(answer.head.hasPrefix("HTTP/1.1 200"), "\(answer.head)")
        #expect(harness.proxy.uploadsRefused == 0)
    }

    @Test func anUploadWhoseUpstreamFailedGivesItsShareBack() async throws {
        // An upstream that is gone: every upload's exchange ends in a 502.
        let gone = try UploadUpstream(.sink)
        let url = gone.url("/relay/")
        gone.stop()
        let harness = try ProxyHarness(api: Relay.api, upstream: url) { $0.uploadMemory = Self.each }
        defer { harness.stop() }
        let port = harness.proxy.baseURL.port!
        for _ in 0..<2 {
            let client = try Self.startUpload(port: port, length: 512 << 10, first: 512 << 10)
            defer { close(client.socket) }
            let answer = try #require(ProxyUploadTests.readAnswer(client))
            // A 503 here would be the first upload's share still held.
            #expect(answer.head.hasPrefix("HTTP/1.1 502"), "\(answer.head)")
            await ProxyUploadTests.wait { harness.proxy.uploadMemoryHeld == 0 }
        }
        #expect(harness.proxy.uploadsRefused == 0)
    }
}
