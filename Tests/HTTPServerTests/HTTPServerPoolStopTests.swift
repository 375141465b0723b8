import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A graceful stop of a pool server whose handlers block: the stop must wait for them and for
/// their answers to be sent whole, as it does for a thread per connection.
@Suite struct HTTPServerPoolStopTests {
    /// Bigger than what the kernel buffers on loopback for both ends: an answer the stop does
    /// not wait for is cut short, where a small one could slip out whole in one write.
    static let answerSize = 32 << 20

    /// A pool thread whose handler blocks serves nothing else meanwhile, and the server hands a
    /// new connection to a pool thread by its descriptor, not by which thread is free: a second
    /// client could land behind the first's blocked handler, its header unread until the gate
    /// opens. So one client holds a blocked handler; it waits on a gate the test opens once a new
    /// client is refused, that is once the stop has begun.
    @Test(.timeLimit(.minutes(3)))
    func aGracefulStopWaitsForPoolHandlersThatBlock() async throws {
        let gate = DispatchSemaphore(value: 0)
        let holding = Mutex(0)
        var configuration = HTTPServerConfiguration()
        configuration.threadModel = .pool(threads: 4)
        let server = HTTPServer(configuration: configuration) { request in
            guard request.path == "/hold" else { return ServerResponse(body: Data()) }
            holding.withLock { $0 += 1 }
            // Bounded only so that a broken stop fails the test instead of hanging it.
            _ = gate.wait(timeout: .now() + 150)
            return ServerResponse(body: Data(repeating: 0x61, count: Self.answerSize))
        }
        try server.start()
        defer { server.stop() }
        let port = server.port
        var clients: [RawConnection] = []
        for started in 1...1 {
            let client = try RawConnection(port: port, readTimeout: 150)
            client.send("GET /hold HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            clients.append(client)
            try await Self.wait { holding.withLock { $0 } >= started }
            try #require(holding.withLock { $0 } == started, "handler \(started) started")
        }
        let stopped = Task {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: server.stop(grace: .seconds(120))) }
            }
        }
        let refused = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var refused = false
                for _ in 0..<1500 where !refused {
                    do {
                        _ = try RawConnection(port: port, connectTimeout: 5)
                        Thread.sleep(forTimeInterval: 0.02)
                    } catch let error as POSIXError {
                        refused = error.code == .ECONNREFUSED
                        if error.code == .ETIMEDOUT { break }
                    } catch {}
                }
                gate.signal()
                continuation.resume(returning: refused)
            }
        }
        #expect(refused, "a new client was refused once the stop began")

        // Read off the test's task: a read blocks its thread until the answer ends.
        let readers = Readers(clients: clients)
        let bodies = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: readers.clients.map { Self.bodySize($0.readUntilClosed()) }) }
        }
        #expect(bodies == [Self.answerSize], "the answer arrives whole")
        #expect(await stopped.value)
    }

    /// The clients, handed to the thread that reads them; the test no longer touches them then.
    private struct Readers: @unchecked Sendable {
        let clients: [RawConnection]
    }

    /// The bytes after the header of an answer read to its close; -1 when there is no header.
    private static func bodySize(_ received: Data?) -> Int {
        guard let received, let end = received.firstRange(of: Data("\r\n\r\n".utf8)) else { return -1 }
        return received.count - end.upperBound
    }

    /// Polls the state until it holds, for at most a minute of polls.
    private static func wait(until condition: () -> Bool) async throws {
        for _ in 0..<6000 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
