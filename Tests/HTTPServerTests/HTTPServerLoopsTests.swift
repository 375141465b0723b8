import APICheck
import CurlClient
import Dispatch
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A server whose loops its caller runs (`ThreadModel.loops`): each loop serves on its runner's
/// thread, a resume from another thread reaches it, and a stop ends the runners before the daemons.
@Suite struct HTTPServerLoopsTests {
    /// The smallest runner: a thread polling the loop's descriptors and a wake pipe, as a proxy's
    /// libcurl driver waits on them beside its own sockets.
    final class PollRunner: ServerLoopRunner, @unchecked Sendable {
        // @unchecked: `thread` is written once, by the runner's own thread, before `attach`;
        // `watched` is touched on that thread only.
        private let wakePipe: [Int32]
        private let stopping = Atomic(false)
        private let exited = DispatchSemaphore(value: 0)
        private var thread = pthread_t()
        private var watched: [Int32] = []
        let stopped = Atomic(false)

        init(_ loop: ServerLoop) {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
            wakePipe = ends
            Thread.detachNewThread { [self] in run(loop) }
        }

        deinit {
            close(wakePipe[0])
            close(wakePipe[1])
        }

        private func run(_ loop: ServerLoop) {
            thread = pthread_self()
            loop.attach(self)
            while !stopping.load(ordering: .acquiring) {
                let cap = loop.turn()
                var polled = ([wakePipe[0]] + watched).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let count = poll(&polled, nfds_t(polled.count), Int32(clamping: cap))
                guard count > 0 else { continue }
                if polled[0].revents != 0 {
                    var drained = [UInt8](repeating: 0, count: 64)
                    _ = read(wakePipe[0], &drained, drained.count)
                }
                for entry in polled.dropFirst() where entry.revents != 0 { loop.ready(entry.fd) }
            }
            stopped.store(true, ordering: .releasing)
            exited.signal()
        }

        func watch(_ descriptor: Int32) -> Bool {
            watched.append(descriptor)
            return true
        }

        func unwatch(_ descriptor: Int32) {
            watched.removeAll { $0 == descriptor }
        }

        func wake() {
            var one: UInt8 = 1
            _ = write(wakePipe[1], &one, 1)
        }

        var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }

        func stop() {
            stopping.store(true, ordering: .releasing)
            wake()
            exited.wait()
        }

        var threadID: UInt { UInt(thread) }
    }

    /// A server of `loops` loops, each with its runner; the handler answers with the thread it ran
    /// on, after `delay` seconds for `/delayed`.
    final class Served: Sendable {
        let server: HTTPServer
        let runners: [PollRunner]

        init(loops: Int = 2, configuration: HTTPServerConfiguration = .init()) throws {
            var configuration = configuration
            configuration.threadModel = .loops(loops)
            server = HTTPServer(configuration: configuration) { request in
                var response = ServerResponse(body: Data(String(UInt(pthread_self())).utf8))
                if request.path == "/delayed" { response.delay = 0.2 }
                return response
            }
            try server.start()
            runners = server.loops.map { PollRunner($0) }
        }

        func get(_ path: String) async throws -> HTTPResponse {
            try await CurlTransport(configuration: CurlConfiguration(timeout: 30))
                .send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!))
        }

        /// The runner threads' identities, once each has started.
        func runnerThreads() async -> Set<UInt> {
            while runners.contains(where: { $0.threadID == 0 }) { await Task.yield() }
            return Set(runners.map(\.threadID))
        }
    }

    @Test func eachLoopServesItsConnectionsOnItsRunnersThread() async throws {
        let served = try Served()
        defer { served.server.stop() }
        #expect(served.server.loops.count == 2)
        let runnerThreads = await served.runnerThreads()
        // Fresh connections, one per request: the kernel spreads them over both loops' sockets
        // by their ports (32 all landing on one loop: one chance in two billion).
        var seen: Set<UInt> = []
        for _ in 0..<32 {
            let connection = try RawConnection(port: served.server.port)
            _ = connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answer = String(decoding: connection.readUntilClosed() ?? Data(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            if let body = answer.components(separatedBy: "\r\n\r\n").last, let thread = UInt(body) { seen.insert(thread) }
        }
        #expect(seen == runnerThreads)
    }

    /// The caps count over all loops: the kernel deals connections to the loops' sockets by their
    /// ports, so four from one address may all land on one loop, and each must still be served.
    @Test(.timeLimit(.minutes(1))) func theConnectionCapsHoldOverAllLoops() async throws {
        let served = try Served(configuration: HTTPServerConfiguration(connectionLimit: 100, perClientConnectionLimit: 4))
        defer { served.server.stop() }
        var held: [RawConnection] = []
        for _ in 0..<4 {
            let connection = try RawConnection(port: served.server.port)
            _ = connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.readAnswer()?.hasPrefix("HTTP/1.1 200") == true)
            held.append(connection)
        }
        // A fifth from the same address is closed unanswered, whichever loop it reached.
        let fifth = try RawConnection(port: served.server.port)
        _ = fifth.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(fifth.readUntilClosed()?.isEmpty == true)
        // One leaves: its place is given back once its loop has seen it go.
        held.removeFirst()
        var answered = false
        while !answered {
            let next = try RawConnection(port: served.server.port)
            _ = next.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answered = String(decoding: next.readUntilClosed() ?? Data(), as: UTF8.self).hasPrefix("HTTP/1.1 200")
            if !answered { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(held.count == 3)
    }

    @Test func anAnswerResumedFromAnotherThreadReachesItsClient() async throws {
        let served = try Served()
        defer { served.server.stop() }
        // The delay's timer resumes the connection on a dispatch thread: the loop, waiting on its
        // runner, must be woken for it (a runner's wait alone would hold it up to its cap, and a
        // runner without a cap forever).
        for _ in 0..<4 {
            let answer = try await served.get("/delayed")
            #expect(answer.status == 200)
        }
    }

    @Test func aGracefulStopRefusesNewClientsThenStopsTheRunnersBeforeTheDaemons() async throws {
        let served = try Served()
        #expect(try await served.get("/").status == 200)
        let port = served.server.port
        let slow = try RawConnection(port: port)
        _ = slow.send("GET /delayed HTTP/1.1\r\nHost: x\r\n\r\n")
        let graceful = Task.detached { served.server.stop(grace: .seconds(5)) }
        // The answer under way still arrives; once stopped, the port refuses and no runner runs.
        let answer = slow.readAnswer() ?? ""
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(await graceful.value)
        #expect((try? RawConnection(port: port, connectTimeout: 2)) == nil)
        #expect(served.runners.allSatisfy { $0.stopped.load(ordering: .acquiring) })
    }
}
