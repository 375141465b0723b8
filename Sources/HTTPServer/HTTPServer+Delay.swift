internal import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

extension HTTPServerConfiguration {
    /// What the C shim takes: 0 for a thread per connection, else the pool's size.
    var threadPoolSize: UInt32 {
        switch threadModel {
        case .threadPerConnection: 0
        case let .pool(threads): UInt32(clamping: max(1, threads))
        }
    }
}

extension HTTPServer {
    /// Queues a handler's answer, after its delay. A thread-per-connection server sleeps on the
    /// connection's own thread; a pool server must not, so it suspends the connection and resumes
    /// it from a timer: libmicrohttpd then calls the access handler again, which finds the answer
    /// in `pending`.
    static func answer(_ response: ServerResponse, to incoming: IncomingRequest, on connection: OpaquePointer,
                       context: HandlerContext) -> MHD_Result {
        guard response.delay > 0 else { return queue(response, on: connection) }
        guard context.configuration.threadModel != .threadPerConnection else {
            Thread.sleep(forTimeInterval: response.delay)
            return queue(response, on: connection)
        }
        var waiting = response
        waiting.delay = 0
        incoming.pending = waiting
        MHD_suspend_connection(connection)
        let suspended = context.suspended
        let key = suspended.add(connection)
        DispatchQueue.global().asyncAfter(deadline: .now() + response.delay) {
            suspended.resume(key)
        }
        return .YES
    }
}

/// Connections suspended while their answer waits. The timer resumes one only while the daemon
/// runs: once `stop()` has begun, the connection may be gone.
final class SuspendedConnections: Sendable {
    private struct State {
        var connections: [UInt: UInt] = [:]
        var next: UInt = 0
        var stopped = false
    }

    private let state = Mutex(State())

    func add(_ connection: OpaquePointer) -> UInt {
        state.withLock { state in
            state.next += 1
            state.connections[state.next] = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
            return state.next
        }
    }

    func resume(_ key: UInt) {
        state.withLock { state in
            guard !state.stopped, let address = state.connections.removeValue(forKey: key),
                  let connection = OpaquePointer(bitPattern: address) else { return }
            MHD_resume_connection(connection)
        }
    }

    /// Resumes every waiting connection (they are answered or closed as the daemon stops) and
    /// turns later timers into no-ops.
    func stop() {
        state.withLock { state in
            for address in state.connections.values {
                if let connection = OpaquePointer(bitPattern: address) { MHD_resume_connection(connection) }
            }
            state.connections = [:]
            state.stopped = true
        }
    }
}
