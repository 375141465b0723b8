internal import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// Connections a pool server has suspended while their answer waits (a delay, the pause between
/// two pieces of a dribbled body), so that no thread waits with them. A timer resumes each one
/// when its time comes; libmicrohttpd then calls the access handler or the content reader again.
///
/// libmicrohttpd does not watch a suspended connection's socket, so a client that leaves would
/// keep its slot until the wait ends. A sweep every `watchInterval` polls the waiting sockets and
/// resumes at once those whose client hung up, marked abandoned: the answer is dropped and the
/// connection closed. Resuming happens only while the daemon runs: once `stop()` has begun, the
/// connection may be gone.
final class SuspendedConnections: Sendable {
    private struct Waiting {
        var connection: UInt
        var socket: Int32
    }

    private struct State {
        var waiting: [UInt: Waiting] = [:]
        /// Resumed because their client left; taken by `wasAbandoned`.
        var abandoned: Set<UInt> = []
        var next: UInt = 0
        var stopped = false
        /// Resumes taken out of `waiting` whose `MHD_resume_connection` has not returned yet:
        /// `stop()` waits for them, the daemon being stopped after it.
        var resuming = 0
    }

    /// POLLRDHUP, Linux's "the peer closed its end"; Glibc hides its name behind _GNU_SOURCE.
    private static let peerClosed: Int16 = 0x2000
    static let watchInterval = DispatchTimeInterval.milliseconds(50)

    private let state = Mutex(State())
    private let watcher: Watcher
    /// Resumes a connection, waking the loop that serves it when the server's loops are driven.
    let loops: ServerLoopDirectory

    /// A dispatch source may be cancelled from any thread.
    private struct Watcher: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    init(loops: ServerLoopDirectory) {
        self.loops = loops
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "HTTPServer.suspended"))
        watcher = Watcher(source: source)
        source.schedule(deadline: .now() + Self.watchInterval, repeating: Self.watchInterval, leeway: .milliseconds(10))
        source.setEventHandler { [weak self] in self?.sweep() }
        source.resume()
    }

    /// Suspends `connection` (from its access handler or content reader) and resumes it after
    /// `seconds`; with no `seconds`, when `resume` is called (or its client leaves). Returns the
    /// key that `wasAbandoned` takes after the resume; nil when the server is stopping, and then
    /// the connection is not suspended.
    func suspend(_ connection: OpaquePointer, for seconds: Double? = nil) -> UInt? {
        let socket = cmhd_connection_socket(connection)
        let key = state.withLock { state -> UInt? in
            guard !state.stopped else { return nil }
            MHD_suspend_connection(connection)
            state.next += 1
            state.waiting[state.next] = Waiting(connection: UInt(bitPattern: connection), socket: socket)
            return state.next
        }
        if let key, let seconds {
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [weak self] in self?.resume(key) }
        }
        return key
    }

    /// Whether the connection of `key` was resumed because its client left (asked once, after
    /// the resume).
    func wasAbandoned(_ key: UInt) -> Bool {
        state.withLock { $0.abandoned.remove(key) != nil }
    }

    /// The connection of `key` is gone: a later `resume` must not touch it.
    func forget(_ key: UInt) {
        state.withLock { state in
            state.waiting[key] = nil
            state.abandoned.remove(key)
        }
    }

    func resume(_ key: UInt) {
        // libmicrohttpd's resume takes its own lock and wakes the daemon's thread: done outside
        // ours, so the connections' threads asking `wasAbandoned` do not wait behind it.
        let taken = state.withLock { state -> OpaquePointer? in
            guard !state.stopped, let waiting = state.waiting.removeValue(forKey: key),
                let connection = OpaquePointer(bitPattern: waiting.connection)
            else { return nil }
            state.resuming += 1
            return connection
        }
        guard let taken else { return }
        loops.resume(taken)
        state.withLock { $0.resuming -= 1 }
    }

    /// Connections suspended now (for tests).
    var count: Int { state.withLock { $0.waiting.count } }

    /// Resumes every waiting connection (they are answered or closed as the daemon stops) and
    /// turns later timers into no-ops.
    func stop() {
        watcher.source.cancel()
        state.withLock { state in
            for waiting in state.waiting.values {
                if let connection = OpaquePointer(bitPattern: waiting.connection) { loops.resume(connection) }
            }
            state.waiting = [:]
            state.stopped = true
        }
        // A resume begun before the stop finishes before the daemon (and its connections) goes.
        while state.withLock({ $0.resuming > 0 }) { sched_yield() }
    }

    /// Resumes, as abandoned, the connections whose client closed or reset its end.
    private func sweep() {
        state.withLock { state in
            guard !state.stopped, !state.waiting.isEmpty else { return }
            let keys = Array(state.waiting.keys)
            var polled = keys.map { pollfd(fd: state.waiting[$0]!.socket, events: Self.peerClosed, revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 0) > 0 else { return }
            for (key, entry) in zip(keys, polled) where entry.revents & (Self.peerClosed | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0 {
                guard let waiting = state.waiting.removeValue(forKey: key),
                    let connection = OpaquePointer(bitPattern: waiting.connection)
                else { continue }
                state.abandoned.insert(key)
                loops.resume(connection)
            }
        }
    }
}
