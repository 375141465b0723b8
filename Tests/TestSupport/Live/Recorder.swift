import APICheck
import Synchronization

/// Keeps every request and the answer it got.
public final class Recorder: Transport {
    private let base: any Transport
    private let log = Mutex<[(HTTPRequest, HTTPResponse)]>([])

    public init(_ base: any Transport) { self.base = base }

    public var exchanges: [(HTTPRequest, HTTPResponse)] { log.withLock { $0 } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        log.withLock { $0.append((request, response)) }
        return response
    }
}
