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
    }

    /// POLLRDHUP, Linux's "the peer closed its end"; Glibc hides its name behind _GNU_SOURCE.
    private static let peerClosed: Int16 = 0x2000
    static let watchInterval = DispatchTimeInterval.milliseconds(50)

    private let state = Mutex(State())
    /// Resumes taken out of `waiting` and not yet handed to libmicrohttpd: `stop()` waits for
    /// them, since the daemon is stopped right after it and must not be resumed into then.
    private let resuming = Atomic<Int>(0)
    /// Entries of `abandoned`: the connection threads ask after every resume, and while no
    /// client has left they must not queue on the lock the answers' threads resume under.
    private let abandonedCount = Atomic<Int>(0)
    private let watcher: Watcher

    /// A dispatch source may be cancelled from any thread.
    private struct Watcher: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    init() {
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
        // The sweep counts an abandoned key before it resumes the connection, and libmicrohttpd
        // hands the resumed connection over under its own lock: a zero read here is current.
        guard abandonedCount.load(ordering: .acquiring) > 0 else { return false }
        return state.withLock { state in
            guard state.abandoned.remove(key) != nil else { return false }
            abandonedCount.subtract(1, ordering: .releasing)
            return true
        }
    }

    /// The connection of `key` is gone: a later `resume` must not touch it.
    func forget(_ key: UInt) {
        state.withLock { state in
            state.waiting[key] = nil
            if state.abandoned.remove(key) != nil { abandonedCount.subtract(1, ordering: .releasing) }
        }
    }

    /// Resumes outside the lock: libmicrohttpd's resume takes the daemon's own lock and wakes
    /// its thread, and the connection threads that suspend and ask meanwhile would queue behind
    /// it. Taken out of `waiting` under the lock, the connection is this call's alone.
    func resume(_ key: UInt) {
        let connection = state.withLock { state -> OpaquePointer? in
            guard !state.stopped, let waiting = state.waiting.removeValue(forKey: key),
                let connection = OpaquePointer(bitPattern: waiting.connection)
            else { return nil }
            resuming.add(1, ordering: .relaxed)
            return connection
        }
        guard let connection else { return }
        MHD_resume_connection(connection)
        resuming.subtract(1, ordering: .releasing)
    }

    /// Connections suspended now (for tests).
    var count: Int { state.withLock { $0.waiting.count } }

    /// Resumes every waiting connection (they are answered or closed as the daemon stops) and
    /// turns later timers into no-ops.
    func stop() {
        watcher.source.cancel()
        state.withLock { state in
            for waiting in state.waiting.values {
                if let connection = OpaquePointer(bitPattern: waiting.connection) { MHD_resume_connection(connection) }
            }
            state.waiting = [:]
            state.stopped = true
        }
        // No resume starts once `stopped` is set; those under way finish in a few instructions.
        while resuming.load(ordering: .acquiring) > 0 { sched_yield() }
    }

    /// Resumes, as abandoned, the connections whose client closed or reset its end. The sockets
    /// are polled outside the lock, which the answers' resumes and the connection threads need;
    /// a key still waiting afterwards still names the same connection (keys are never reused, and
    /// a suspended connection's socket stays open).
    private func sweep() {
        let watched = state.withLock { state -> [(key: UInt, socket: Int32)] in
            guard !state.stopped else { return [] }
            return state.waiting.map { (key: $0.key, socket: $0.value.socket) }
        }
        guard !watched.isEmpty else { return }
        var polled = watched.map { pollfd(fd: $0.socket, events: Self.peerClosed, revents: 0) }
        guard poll(&polled, nfds_t(polled.count), 0) > 0 else { return }
        let gone = zip(watched, polled).filter { $0.1.revents & (Self.peerClosed | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0 }.map(\.0.key)
        guard !gone.isEmpty else { return }
        state.withLock { state in
            guard !state.stopped else { return }
            for key in gone {
                guard let waiting = state.waiting.removeValue(forKey: key),
                    let connection = OpaquePointer(bitPattern: waiting.connection)
                else { continue }
                state.abandoned.insert(key)
                abandonedCount.add(1, ordering: .releasing)
                MHD_resume_connection(connection)
            }
        }
    }
}
