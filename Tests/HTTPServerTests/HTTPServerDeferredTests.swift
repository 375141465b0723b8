import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Answers a pool handler gives later (`DeferredResponse`): the handler hears of every client
/// that leaves before its answer, however the connection ends.
@Suite struct HTTPServerDeferredTests {
    final class Counts: Sendable {
        let asked = Mutex(0)
        let abandoned = Mutex(0)
        let waiting = Mutex<[DeferredResponse]>([])
    }

    /// Clients that send a request and close at once: libmicrohttpd may read the close with the
    /// request and end the connection without calling the handler again. Each one must still
    /// reach the handler's `whenAbandoned`, or a proxy's upstream call would run out its timeout
    /// holding a slot of the upstream side.
    @Test func everyClientThatLeavesBeforeItsAnswerIsHeardOf() async throws {
        let counts = Counts()
        var configuration = HTTPServerConfiguration(perClientConnectionLimit: 0)
        configuration.threadModel = .pool(threads: 2)
        let server = HTTPServer(configuration: configuration) { _ in
            let deferred = DeferredResponse()
            counts.asked.withLock { $0 += 1 }
            counts.waiting.withLock { $0.append(deferred) }
            deferred.whenAbandoned { counts.abandoned.withLock { $0 += 1 } }
            return .deferred(deferred)
        }
        try server.start()
        defer { server.stop() }
        let clients = 60
        for _ in 0..<clients {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
            // Closed here, before any answer.
        }
        // Waits on the counts; the bound only keeps a failure from hanging the run.
        for _ in 0..<1000 {
            let (asked, abandoned) = (counts.asked.withLock { $0 }, counts.abandoned.withLock { $0 })
            if asked == clients, abandoned == asked { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let asked = counts.asked.withLock { $0 }
        #expect(asked > 0)
        #expect(counts.abandoned.withLock { $0 } == asked)
        // An answer given after its client left goes nowhere, and the server goes on.
        for deferred in counts.waiting.withLock({ $0 }) { deferred.send(ServerResponse(status: 200)) }
        let fresh = try RawConnection(port: server.port)
        fresh.send("GET /now HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        for _ in 0..<1000 where counts.asked.withLock({ $0 }) == asked { try await Task.sleep(for: .milliseconds(10)) }
        counts.waiting.withLock { $0.last?.send(ServerResponse(status: 204)) }
        #expect(String(decoding: fresh.readUntilClosed() ?? Data(), as: UTF8.self).hasPrefix("HTTP/1.1 204"))
    }
}
