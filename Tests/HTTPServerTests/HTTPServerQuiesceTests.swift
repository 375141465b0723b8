import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A graceful stop takes the listening socket back from libmicrohttpd (`MHD_quiesce_daemon`)
/// while the pool's threads are busy with connections. With epoll workers the library takes the
/// socket out of each worker's set from the stopping thread while the worker may be doing the
/// same, and the loser of that race aborts the whole process: a server that answers SIGTERM
/// gracefully must never end in an abort.
@Suite struct HTTPServerQuiesceTests {
    /// Set once the round's server has stopped; read by its clients.
    final class Round: Sendable {
        let answered = Mutex(0)
        let over = Mutex(false)
    }

    @Test(.timeLimit(.minutes(5)))
    func aPoolStoppedGracefullyWhileClientsKeepConnectingNeverAborts() throws {
        for _ in 0..<500 {
            var configuration = HTTPServerConfiguration()
            configuration.threadModel = .pool(threads: 2)
            let server = HTTPServer(configuration: configuration) { _ in ServerResponse(body: Data("ok".utf8)) }
            try server.start()
            let port = server.port
            let round = Round()
            let clients = DispatchGroup()
            for _ in 0..<4 {
                clients.enter()
                Thread.detachNewThread {
                    defer { clients.leave() }
                    while !round.over.withLock({ $0 }) {
                        // Refused once the stop began: the loop goes on until the stop is over.
                        guard let connection = try? RawConnection(port: port, readTimeout: 5, connectTimeout: 5) else { continue }
                        if connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), connection.readAnswer() != nil {
                            round.answered.withLock { $0 += 1 }
                        }
                    }
                }
            }
            // The workers are busy (answers came back) when the stop begins.
            while round.answered.withLock({ $0 }) < 4 { Thread.sleep(forTimeInterval: 0.001) }
            #expect(server.stop(grace: .seconds(30)))
            round.over.withLock { $0 = true }
            clients.wait()
        }
    }
}
