import Foundation
import HTTPServer

/// A test server that holds the requests it is told to hold until released (or 10 s pass), to
/// test timeouts, cancellation and shutdown. `stop()` releases first, so no handler outlives it.
public final class HeldServer: Sendable {
    public let server: TestServer
    private let gate = DispatchSemaphore(value: 0)

    public init(holding hold: @escaping @Sendable (ServerRequest) -> Bool = { _ in true },
         answer: @escaping @Sendable (ServerRequest) -> ServerResponse = { _ in ServerResponse() }) throws {
        let gate = self.gate
        server = try TestServer { request in
            if hold(request) { _ = gate.wait(timeout: .now() + 10) }
            return answer(request)
        }
    }

    public func url(_ pathAndQuery: String) -> URL { server.url(pathAndQuery) }
    public var port: Int { server.server.port }
    public var requests: [ServerRequest] { server.requests }

    /// Lets one held request go.
    public func release() { gate.signal() }

    public func stop() {
        gate.signal()
        server.stop()
    }
}
