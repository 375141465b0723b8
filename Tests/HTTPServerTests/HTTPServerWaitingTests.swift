import APICheck
import CurlClient
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Answers that take their time (a delay, a dribbled body, a client reading slowly) on a pool
/// server: none may hold a thread, and none may keep a connection after its client left or
/// past the send deadline.
@Suite struct HTTPServerWaitingTests {
    /// A pool server of one thread: `/slow` dribbles 64 bytes, one every 600 s; `/delayed` waits
    /// 600 s; `/big` answers 16 MiB; anything else answers at once.
    final class Waiting: Sendable {
        let server: HTTPServer
        let counter = Counter()

        final class Counter: Sendable {
            let value = Mutex(0)
        }

        init(_ configuration: HTTPServerConfiguration = .init(), threads: Int = 1) throws {
            var configuration = configuration
            configuration.threadModel = .pool(threads: threads)
            let counter = counter
            server = HTTPServer(configuration: configuration) { request in
                counter.value.withLock { $0 += 1 }
                var response = ServerResponse(body: Data(repeating: 0x61, count: request.path == "/big" ? 16 << 20 : 64))
                if request.path == "/slow" { response.dribble = (bytes: 1, pause: 600) }
                if request.path == "/delayed" { response.delay = 600 }
                return response
            }
            try server.start()
        }

        func get(_ path: String) async throws -> HTTPResponse {
            try await CurlTransport(configuration: CurlConfiguration(timeout: 30))
                .send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!))
        }

        /// Asks until an answer comes, for up to ten seconds: slots freed by a sweep take a moment.
        func eventuallyAnswered() async -> Bool {
            for _ in 0..<100 {
                if (try? await get("/"))?.status == 200 { return true }
                try? await Task.sleep(for: .milliseconds(100))
            }
            return false
        }
    }

    @Test func aDribbledBodyHoldsNoThread() async throws {
        let server = try Waiting()
        defer { server.server.stop() }
        let slow = try RawConnection(port: server.server.port)
        slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        // The only thread would sleep ten minutes between two bytes of /slow; suspended instead,
        // it answers the fresh request now.
        #expect(try await server.get("/").status == 200)
    }

    @Test func delayedAnswersWhoseClientsLeftFreeTheirSlots() async throws {
        var configuration = HTTPServerConfiguration(connectionLimit: 2, perClientConnectionLimit: 0)
        configuration.idleTimeout = 600
        let server = try Waiting(configuration)
        defer { server.server.stop() }
        var burst = [try RawConnection(port: server.server.port), try RawConnection(port: server.server.port)]
        for connection in burst { connection.send("GET /delayed HTTP/1.1\r\nHost: x\r\n\r\n") }
        for _ in 0..<200 where server.counter.value.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(server.counter.value.withLock { $0 } == 2)

        burst.removeAll()
        // Both slots are taken for ten minutes unless the server notices that their clients left.
        #expect(await server.eventuallyAnswered())
    }

    @Test func aSlowReaderIsCutAtTheSendDeadline() async throws {
        var configuration = HTTPServerConfiguration(idleTimeout: 600, sendTimeout: 1)
        configuration.threadModel = .threadPerConnection
        let server = try Waiting(configuration)
        defer { server.server.stop() }
        let reader = try RawConnection(port: server.server.port, readTimeout: 60, receiveBuffer: 4096)
        reader.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")

        // 16 KiB every 20 ms takes 20 s to read 16 MiB, and keeps the idle timeout from firing.
        let read = try await reader.readSlowly(chunk: 16 << 10, interval: .milliseconds(20), limit: 16 << 20)

        #expect(read < 16 << 20)
        // What was still queued for it is dropped, not trickled out after the cut.
        #expect(reader.wasReset)
    }

    /// A pool keeps libmicrohttpd's idle timeout itself: a silent connection still goes at it.
    @Test func aSilentConnectionInAPoolIsClosedAtTheIdleTimeout() throws {
        let server = try Waiting(HTTPServerConfiguration(headerTimeout: 600, idleTimeout: 1))
        defer { server.server.stop() }
        let connection = try RawConnection(port: server.server.port, readTimeout: 120)

        #expect(connection.readUntilClosed() == Data())
    }

    /// In a pool no wait for the client outlasts the idle timeout, traffic or not: a header
    /// trickled a byte every 100 ms (libmicrohttpd's own idle timeout never fired on it) under a
    /// ten-minute header deadline is cut. 100 bytes would take 10 s.
    @Test func aTrickledHeaderInAPoolIsCutAtTheIdleTimeout() async throws {
        let server = try Waiting(HTTPServerConfiguration(headerTimeout: 600, idleTimeout: 1))
        defer { server.server.stop() }
        let connection = try RawConnection(port: server.server.port)

        let cut = try await connection.trickle(
            "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 100),
            interval: .milliseconds(100))

        #expect(cut)
        #expect(server.counter.value.withLock { $0 } == 0)
    }

    @Test func aQueryOfTooManyParametersIsAnswered414AtOnce() async throws {
        let server = try Waiting(threads: 2)
        defer { server.server.stop() }
        let query = (0..<600).map { "p\($0)=\($0)" }.joined(separator: "&")

        let answer = try await server.get("/?" + query)

        #expect(answer.status == 414)
        #expect(
            String(decoding: answer.body, as: UTF8.self)
                == "the query is over 128 parameters, or over 12288 bytes counting 64 for each parameter\n")
        #expect(try await server.get("/?" + query.prefix { $0 != "&" }).status == 200)
    }

    /// Fewer parameters than the limit can still spend the connection's memory when they are
    /// long; libmicrohttpd then closed the connection without an answer (100 of 110 bytes did).
    @Test(arguments: [(count: 100, bytes: 110), (count: 128, bytes: 60), (count: 2, bytes: 12_500)])
    func aQueryTooLongForTheConnectionsMemoryIsAnswered414(count: Int, bytes: Int) async throws {
        let server = try Waiting(threads: 2)
        defer { server.server.stop() }
        let value = String(repeating: "v", count: bytes)
        let query = (0..<count).map { "p\($0)=\(value)" }.joined(separator: "&")

        #expect(try await server.get("/?" + query).status == 414)
        #expect(try await server.get("/?" + (0..<100).map { "p\($0)=1" }.joined(separator: "&")).status == 200)
    }

    /// Both thread models: a thread's handler is under way from its first line, a pool's deferred
    /// answer until it is sent.
    /// Every wait is bounded and fails rather than blocks: a connect that the stopping server
    /// neither completes nor refuses (a listener still taking connections nobody accepts) is a
    /// failure after a few seconds, not a stall. The stop and the new clients run on threads of
    /// their own: on Swift concurrency's few threads, a loaded machine could hold them back until
    /// the handlers gave up waiting, and the grace outlasts that wait, so that an answer is never
    /// cut by a stop racing a handler that gave up.
    @Test(.timeLimit(.minutes(3)), arguments: [false, true])
    func aGracefulStopRefusesNewClientsAndFinishesTheAnswersUnderWay(pool: Bool) async throws {
        let gate = DispatchSemaphore(value: 0)
        let holding = Mutex(0)
        var configuration = HTTPServerConfiguration()
        if pool { configuration.threadModel = .pool(threads: 4) }
        let server = HTTPServer(configuration: configuration) { request in
            guard request.path == "/hold" else { return ServerResponse(body: Data("done".utf8)) }
            holding.withLock { $0 += 1 }
            // A pool's threads serve every connection, so a pool handler never waits on one: it
            // answers later, as the proxy does, and its connection is the answer under way.
            guard pool else {
                _ = gate.wait(timeout: .now() + 60)
                return ServerResponse(body: Data("done".utf8))
            }
            let deferred = DeferredResponse()
            Thread.detachNewThread {
                _ = gate.wait(timeout: .now() + 60)
                deferred.send(ServerResponse(body: Data("done".utf8)))
            }
            return .deferred(deferred)
        }
        try server.start()
        defer { server.stop() }
        let port = server.port
        let held = Task {
            try await CurlTransport(configuration: CurlConfiguration(timeout: 120))
                .send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(port)/hold")!))
        }
        let seen = try RawConnection(port: port, readTimeout: 120)
        seen.send("GET /hold HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        // Both answers are under way (in their handlers) before the stop: waited on, not timed.
        var polls = 0
        while holding.withLock({ $0 }) < 2, polls < 6000 {
            try await Task.sleep(for: .milliseconds(10))
            polls += 1
        }
        try #require(holding.withLock { $0 } == 2, "both handlers started")
        let stopped = Task {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: server.stop(grace: .seconds(90))) }
            }
        }
        // New clients until one is refused, then the handlers may answer.
        let (refused, unanswered) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var refused = false, unanswered = false
                for _ in 0..<1500 where !refused && !unanswered {
                    do {
                        _ = try RawConnection(port: port, connectTimeout: 5)
                        Thread.sleep(forTimeInterval: 0.02)
                    } catch let error as POSIXError {
                        refused = error.code == .ECONNREFUSED
                        unanswered = error.code == .ETIMEDOUT
                    } catch {}
                }
                gate.signal()
                gate.signal()
                continuation.resume(returning: (refused, unanswered))
            }
        }

        #expect(!unanswered, "a connect to the stopping server was left unanswered, neither taken nor refused")
        #expect(refused)
        #expect(String(decoding: try await held.value.body, as: UTF8.self) == "done")
        #expect(String(decoding: seen.readUntilClosed() ?? Data(), as: UTF8.self).hasSuffix("done"))
        #expect(await stopped.value)
    }

    /// libmicrohttpd leaves the listening socket of a quiesced daemon to its caller: unclosed,
    /// it kept the port bound after the server stopped, for as long as the process lived.
    @Test(arguments: [false, true])
    func aGracefulStopFreesThePort(pool: Bool) throws {
        // A port that was free a moment ago: one a server bound, then let go.
        let probe = HTTPServer { _ in ServerResponse(body: Data()) }
        try probe.start()
        let port = probe.port
        probe.stop()
        var configuration = HTTPServerConfiguration()
        if pool { configuration.threadModel = .pool(threads: 2) }
        let server = HTTPServer(port: port, configuration: configuration) { _ in ServerResponse(body: Data()) }
        try server.start()
        #expect(server.stop(grace: .seconds(10)))

        // A plain bind, without SO_REUSEADDR: any socket still bound to the port refuses it.
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0, "port \(port) is still bound after the graceful stop (errno \(errno))")
    }
}
