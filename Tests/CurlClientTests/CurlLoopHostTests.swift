import APICheck
@testable import CurlClient
import Foundation
import HTTPServer
import Synchronization
import Testing

/// A host run by a transport's drivers (`CurlLoopHost`): its calls come on the driver's thread,
/// a transfer it starts there stays on that driver, and work queued with `afterTurn` runs there
/// after its turn.
@Suite struct CurlLoopHostTests {
    /// Records where each of its calls ran; on its first turn starts a transfer through
    /// `transport` and queues an after-turn item.
    final class Host: CurlLoopHost, @unchecked Sendable {
        // @unchecked: `loop` is set on the driver's thread before any other call
        // reads them there; the test reads the Mutex-guarded records only.
        private(set) var loop: CurlLoop?
        let transport: CurlTransport
        let url: URL
        let watched: Int32
        struct Records {
            var attachedOnLoop = false
            var turns = 0
            var started = false
            var completedOnLoop: [Bool] = []
            var afterTurnOnLoop: Bool?
            var afterTurnQueued: Bool?
            var readyOnLoop: [Bool] = []
        }
        let records = Mutex(Records())

        init(transport: CurlTransport, url: URL, watched: Int32) {
            self.transport = transport
            self.url = url
            self.watched = watched
        }

        func attached(to loop: CurlLoop) {
            self.loop = loop
            _ = loop.watch(watched)
            records.withLock { $0.attachedOnLoop = loop.isCurrent }
        }

        func ready(_ descriptor: Int32) {
            var byte: UInt8 = 0
            _ = read(descriptor, &byte, 1)
            let onLoop = loop?.isCurrent ?? false
            records.withLock { $0.readyOnLoop.append(onLoop) }
        }

        func turn() -> Int {
            let first = records.withLock { records in
                records.turns += 1
                defer { records.started = true }
                return !records.started
            }
            if first, let loop {
                // Several: were they dealt to the drivers in turn, one would land on the other loop.
                for _ in 0..<3 {
                    _ = transport.start(HTTPRequest(method: .get, url: url)) { [self] result in
                        let onLoop = (try? result.get().status) == 200 && loop.isCurrent
                        records.withLock { $0.completedOnLoop.append(onLoop) }
                    }
                }
                let queued = transport.afterTurn { [self] in
                    records.withLock { $0.afterTurnOnLoop = loop.isCurrent }
                }
                records.withLock { $0.afterTurnQueued = queued }
            }
            return -1
        }
    }

    static func settled(_ condition: () -> Bool) async {
        while !condition() {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test(.timeLimit(.minutes(1))) func eachHostRunsOnItsDriverAndItsTransfersStayThere() async throws {
        let server = HTTPServer { _ in ServerResponse(body: Data("ok".utf8)) }
        try server.start()
        defer { server.stop() }
        var configuration = CurlConfiguration(concurrency: 8)
        configuration.drivers = 2
        let transport = CurlTransport(configuration: configuration)
        defer { transport.shutdown() }
        var pipes: [[Int32]] = []
        for _ in 0..<2 {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            pipes.append(ends)
        }
        defer { for ends in pipes { close(ends[0]); close(ends[1]) } }
        let hosts = pipes.map { Host(transport: transport, url: server.baseURL.appendingPathComponent("x"), watched: $0[0]) }
        try transport.host(hosts)
        await Self.settled {
            hosts.allSatisfy { host in host.records.withLock { $0.completedOnLoop.count == 3 && $0.afterTurnOnLoop != nil } }
        }
        for host in hosts {
            let records = host.records.withLock { $0 }
            #expect(records.attachedOnLoop)
            // Started on the loop's thread, the transfer went to that loop's own driver.
            #expect(records.completedOnLoop == [true, true, true])
            #expect(records.afterTurnQueued == true)
            #expect(records.afterTurnOnLoop == true)
        }
        // Off any loop, nothing is queued.
        #expect(!transport.afterTurn {})

        // A watched descriptor that becomes ready is handed to its host on its loop.
        for ends in pipes {
            var byte: UInt8 = 1
            _ = write(ends[1], &byte, 1)
        }
        await Self.settled { hosts.allSatisfy { host in host.records.withLock { !$0.readyOnLoop.isEmpty } } }
        for host in hosts { #expect(host.records.withLock { $0.readyOnLoop } == [true]) }

    }

    @Test func moreHostsThanDriversIsAnError() throws {
        let transport = CurlTransport(configuration: CurlConfiguration())
        defer { transport.shutdown() }
        let hosts = [
            Host(transport: transport, url: URL(string: "http://127.0.0.1:9/")!, watched: -1),
            Host(transport: transport, url: URL(string: "http://127.0.0.1:9/")!, watched: -1),
        ]
        #expect(throws: TransportError.self) { try transport.host(hosts) }
    }
}
