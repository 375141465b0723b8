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

/// An answer that comes before a large streamed body ended (an upstream's early 413, the 502 of
/// an upstream that never reads): libmicrohttpd cannot send it mid-body, so the proxy closes the
/// client's connection rather than read the rest of the body only to drop it.
@Suite struct ProxyEarlyAnswerTests {
    @Test func anEarlyAnswerToALargeUploadClosesTheConnectionWithTheRestUnread() async throws {
        let upstream = try UploadUpstream(.refuseEarly)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"))
        defer { harness.stop() }
        let client = try ProxyStreamingTests.connect(port: harness.proxy.baseURL.port!)
        defer { close(client.socket) }
        let upload = CountedUpload(client.socket, path: "/relay/upload", body: 64 << 20)
        #expect(ProxyUploadTests.readAnswer(client) == nil, "an answer mid-body: the proxy read the whole body")
        await upload.finished()
        #expect(upload.sent < 16 << 20, "the proxy read \(upload.sent >> 20) MiB of a body it had answered")
    }

    @Test func anUpstreamThatStopsReadingMeetsTheTimeoutAndHoldsNoOneElseBack() async throws {
        let upstream = try UploadUpstream(.stall)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) { $0.upstreamConfiguration.timeout = 2 }
        defer { harness.stop() }
        let client = try ProxyStreamingTests.connect(port: harness.proxy.baseURL.port!)
        defer { close(client.socket) }
        let upload = CountedUpload(client.socket, path: "/relay/upload", body: 64 << 20)
        await ProxyUploadTests.wait { !upstream.heads.isEmpty }
        // The upload is held back, not the proxy: another exchange goes through meanwhile.
        let other = try await harness.send("/relay/other")
        #expect(other.status == 200)
        // The timeout's 502 comes mid-body, with far more than the drain limit still to come.
        #expect(ProxyUploadTests.readAnswer(client) == nil, "the proxy read the whole body to send its 502")
        await upload.finished()
        #expect(upload.sent < 16 << 20, "the proxy read \(upload.sent >> 20) MiB of a body it had given up on")
    }

    /// A body sent on its own thread with a small send buffer, counting what the proxy took.
    final class CountedUpload: Sendable {
        private let count = Atomic<Int>(0)
        private let done = Atomic<Bool>(false)

        init(_ socket: Int32, path: String, body: Int) {
            var small: Int32 = 64 << 10
            setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            Thread.detachNewThread { [self] in
                ProxyUploadTests.send(Array("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body)\r\n\r\n".utf8), on: socket)
                let block = BulkUpstream.bytes(1 << 20)
                var left = body
                sending: while left > 0 {
                    var sent = 0
                    while sent < min(left, block.count) {
                        let piece = block[sent..<min(left, block.count)]
                        let out = piece.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                        guard out > 0 else { break sending }
                        sent += out
                        count.add(out, ordering: .releasing)
                    }
                    left -= sent
                }
                done.store(true, ordering: .releasing)
            }
        }

        var sent: Int { count.load(ordering: .acquiring) }

        /// Waits until the body is out or the connection refused the rest.
        func finished() async {
            await ProxyUploadTests.wait { done.load(ordering: .acquiring) }
        }
    }
}
