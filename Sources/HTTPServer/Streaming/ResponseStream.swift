import Foundation
import Synchronization

/// A body a handler writes while it is sent (`ServerResponse.stream`): server-sent events that
/// must reach the client one by one, not when the stream ends. The server sends it chunked, a
/// piece as soon as it is pushed; with nothing to send, a pool server suspends the connection
/// until the next push, so no thread waits for it.
///
/// Bounded: `push` says whether the buffer is under `capacity`; a writer past it waits for
/// `whenDrained` before pushing more (a proxy stops reading its upstream), so a client that does
/// not read costs one buffer.
public final class ResponseStream: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var finished = false
        var broken = false
        /// The reader's suspension, resumed by the next push.
        var waiting: UInt?
        var suspended: SuspendedConnections?
        var connection: UInt = 0
        var drained: (@Sendable () -> Void)?
        var gone: (@Sendable () -> Void)?
        var isGone = false
    }

    private let state = Mutex(State())
    public let capacity: Int

    public init(capacity: Int = 64 << 10) {
        self.capacity = capacity
    }

    /// Adds bytes to send; false when the buffer is now at or past `capacity`.
    @discardableResult
    public func push(_ bytes: some Collection<UInt8>) -> Bool {
        state.withLock { state in
            state.buffer.append(contentsOf: bytes)
            wake(&state)
            return state.buffer.count < capacity
        }
    }

    /// Ends the body (`broken`: cut it off, so the client sees it did not end well). A body
    /// already ended stays as it ended.
    public func finish(broken: Bool = false) {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            state.broken = broken
            wake(&state)
        }
    }

    /// Bytes waiting to be sent.
    public var buffered: Int { state.withLock { $0.buffer.count } }

    /// Called (from the connection's thread) when the buffer falls under `capacity` again.
    public func whenDrained(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.drained = handler }
    }

    /// Called once when the connection ends before `finish`: the client left.
    public func whenGone(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            state.gone = handler
            return state.isGone && !state.finished
        }
        if now { handler() }
    }

    private func wake(_ state: inout State) {
        if let key = state.waiting {
            state.waiting = nil
            state.suspended?.resume(key)
        }
    }

    func attach(_ connection: OpaquePointer, suspended: SuspendedConnections?) {
        state.withLock { state in
            state.connection = UInt(bitPattern: connection)
            state.suspended = suspended
        }
    }

    /// libmicrohttpd's content reader: what is buffered; 0 with the connection suspended until
    /// the next push; -1 at the end, -2 to cut it off.
    func read(into target: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        var drained: (@Sendable () -> Void)?
        let count = state.withLock { state -> Int in
            if let key = state.waiting {
                // Resumed by the sweep, not by a push: the client may have left.
                state.waiting = nil
                if state.suspended?.wasAbandoned(key) == true { return -2 }
            }
            guard state.buffer.isEmpty else {
                let wasFull = state.buffer.count >= capacity
                let count = Swift.min(max, state.buffer.count)
                state.buffer.withUnsafeBytes { UnsafeMutableRawPointer(target).copyMemory(from: $0.baseAddress!, byteCount: count) }
                state.buffer.removeFirst(count)
                if wasFull, state.buffer.count < capacity { drained = state.drained }
                return count
            }
            if state.finished { return state.broken ? -2 : -1 }
            guard let suspended = state.suspended, let connection = OpaquePointer(bitPattern: state.connection),
                let key = suspended.suspend(connection)
            else { return -2 }
            state.waiting = key
            return 0
        }
        drained?()
        return count
    }

    /// libmicrohttpd let go of the body: sent whole, or the connection ended first.
    func released() {
        let gone = state.withLock { state -> (@Sendable () -> Void)? in
            state.isGone = true
            if let key = state.waiting {
                state.waiting = nil
                state.suspended?.forget(key)
            }
            return state.finished ? nil : state.gone
        }
        gone?()
    }
}
