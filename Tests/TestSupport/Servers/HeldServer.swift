import Foundation
import HTTPServer
import Synchronization

/// A test server that holds the requests it is told to hold until released, to test timeouts,
/// cancellation and shutdown. `stop()` lets every held request go first, so no handler outlives it.
///
/// A hold has no time limit of its own: one would let a held request be answered while a loaded
/// machine leaves the test unscheduled, and the test would see an answer it never released.
public final class HeldServer: Sendable {
    public let server: TestServer
    private let gate: Gate

    public init(
        holding hold: @escaping @Sendable (ServerRequest) -> Bool = { _ in true },
        answer: @escaping @Sendable (ServerRequest) -> ServerResponse = { _ in ServerResponse() }
    ) throws {
        let gate = Gate()
        self.gate = gate
        server = try TestServer { request in
            if hold(request) { gate.pass() }
            return answer(request)
        }
    }

    public func url(_ pathAndQuery: String) -> URL { server.url(pathAndQuery) }
    public var port: Int { server.server.port }
    public var requests: [ServerRequest] { server.requests }

    /// Lets one held request go (or the next one to be held).
    public func release() { gate.release() }

    public func stop() {
        gate.open()
        server.stop()
    }
}

/// Held handlers wait here; `release` lets one through, `open` all of them, now and later.
private final class Gate: Sendable {
    private let permits = DispatchSemaphore(value: 0)
    private let state = Mutex((open: false, waiting: 0))

    func pass() {
        let wait = state.withLock { state in
            guard !state.open else { return false }
            state.waiting += 1
            return true
        }
        guard wait else { return }
        permits.wait()
        state.withLock { $0.waiting -= 1 }
    }

    func release() { permits.signal() }

    /// A handler counted as waiting but not yet asleep still finds its permit.
    func open() {
        let waiting = state.withLock { state in
            state.open = true
            return state.waiting
        }
        for _ in 0..<waiting { permits.signal() }
    }
}
