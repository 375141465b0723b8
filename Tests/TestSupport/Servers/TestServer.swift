import Foundation
import HTTPServer
import Synchronization

/// A server on 127.0.0.1, any free port, that remembers what it was asked.
/// Tests `defer { server.stop() }` so it lives exactly as long as the test.
public final class TestServer: Sendable {
    public let server: HTTPServer
    private let log = RequestLog()

    public init(configuration: HTTPServerConfiguration = .init(), _ handler: @escaping HTTPServer.Handler) throws {
        // The handler captures the log, not `self`: the server holds the handler, so capturing
        // `self` would be a cycle and no test server would ever be freed.
        let log = self.log
        server = HTTPServer(configuration: configuration) { request in
            log.begin(request)
            defer { log.end() }
            return handler(request)
        }
        try server.start()
    }

    public var requests: [ServerRequest] { log.requests }
    /// The most handlers that ran at the same time.
    public var peakInFlight: Int { log.peakInFlight }

    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(pathAndQuery)")!
    }

    public func stop() { server.stop() }
}

/// What a `TestServer` saw, shared between handler threads.
private final class RequestLog: Sendable {
    private let seen = Mutex<[ServerRequest]>([])
    private let inFlight = Mutex((now: 0, peak: 0))

    public var requests: [ServerRequest] { seen.withLock { $0 } }
    var peakInFlight: Int { inFlight.withLock { $0.peak } }

    /// Counted in flight before it is listed: a test that waits to see a request listed then
    /// finds its handler running.
    func begin(_ request: ServerRequest) {
        inFlight.withLock { state in
            state.now += 1
            state.peak = max(state.peak, state.now)
        }
        seen.withLock { $0.append(request) }
    }

    func end() {
        inFlight.withLock { $0.now -= 1 }
    }
}
