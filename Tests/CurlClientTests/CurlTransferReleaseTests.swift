import APICheck
import CurlClient
import Foundation
import TestSupport
import Testing

/// A finished transfer lets go of its sink. A proxy's sink keeps the transfer's handle, to cancel
/// the upstream call when its client leaves; were the sink kept past the end too, each would keep
/// the other alive, with the answer's body, for every exchange the proxy ever passed on.
@Suite struct CurlTransferReleaseTests {
    /// Holds the transfer's handle as the proxy's sink does.
    final class HandleKeepingSink: CurlBodySink, @unchecked Sendable {
        let threshold: Int
        var handle: CurlTransferHandle?
        private(set) var received = 0

        init(threshold: Int) { self.threshold = threshold }

        func begin(
            status: Int, headers: [(name: String, value: String)], gathered: UnsafeRawBufferPointer,
            resume: @escaping @Sendable () -> Void
        ) {
            received += gathered.count
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            received += bytes.count
            return true
        }
    }

    final class WeakBox: @unchecked Sendable {
        weak var sink: HandleKeepingSink?
    }

    /// A small answer comes whole to the completion; a large one streams through the sink.
    @Test(arguments: [1 << 20, 256])
    func aFinishedTransferLetsGoOfItsSink(threshold: Int) async throws {
        let body = String(repeating: "x", count: 4096)
        let server = try RawSocketServer(reply: Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        defer { server.stop() }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let box = WeakBox()

        let status: Int = await withCheckedContinuation { continuation in
            let sink = HandleKeepingSink(threshold: threshold)
            box.sink = sink
            let handle = transport.start(HTTPRequest(method: .get, url: server.url("/big")), streamingTo: sink) { result in
                continuation.resume(returning: (try? result.get().status) ?? -1)
            }
            sink.handle = handle
        }

        #expect(status == 200)
        // The driver thread drops its last references as it returns from the completion.
        for _ in 0..<2_000 where box.sink != nil {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(box.sink == nil, "the sink, and with it the transfer it holds, outlived the exchange")
    }

    @Test func aTransferCancelledBeforeItStartedLetsGoOfItsSinkToo() async throws {
        let server = try RawSocketServer(reply: Data("HTTP/1.1 204 No Content\r\n\r\n".utf8))
        defer { server.stop() }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let box = WeakBox()

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let sink = HandleKeepingSink(threshold: 1)
            box.sink = sink
            let handle = transport.start(HTTPRequest(method: .get, url: server.url("/gone")), streamingTo: sink) { _ in
                // Cancelled before or after libcurl answered: either way the exchange is over.
                continuation.resume()
            }
            sink.handle = handle
            handle.cancel()
        }

        for _ in 0..<2_000 where box.sink != nil {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(box.sink == nil, "the sink of a cancelled transfer outlived it")
    }
}
