import Foundation
import HTTPServer
import Synchronization

/// A server on 127.0.0.1, any free port, that remembers what it was asked.
/// Tests `defer { server.stop() }` so it lives exactly as long as the test.
final class TestServer: Sendable {
    let server: HTTPServer
    private let seen = Mutex<[ServerRequest]>([])
    private let inFlight = Mutex((now: 0, peak: 0))

    init(_ handler: @escaping HTTPServer.Handler) throws {
        let box = Mutex<TestServer?>(nil)
        let server = HTTPServer { request in
            let recorder = box.withLock { $0 }
            recorder?.begin(request)
            defer { recorder?.end() }
            return handler(request)
        }
        self.server = server
        box.withLock { $0 = self }
        try server.start()
    }

    var requests: [ServerRequest] { seen.withLock { $0 } }
    /// The most handlers that ran at the same time.
    var peakInFlight: Int { inFlight.withLock { $0.peak } }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(pathAndQuery)")!
    }

    func stop() { server.stop() }

    private func begin(_ request: ServerRequest) {
        seen.withLock { $0.append(request) }
        inFlight.withLock { state in
            state.now += 1
            state.peak = max(state.peak, state.now)
        }
    }

    private func end() {
        inFlight.withLock { $0.now -= 1 }
    }
}
