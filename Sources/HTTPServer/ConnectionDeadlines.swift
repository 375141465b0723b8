import Dispatch
import Foundation
import Synchronization

/// Deadlines on what a connection owes the server: a complete header within `headerTimeout`, a
/// complete body within `bodyTimeout`, the answer read within `sendTimeout` of being queued.
/// libmicrohttpd only knows an idle timeout, which a client trickling one byte a second (or
/// reading one) never reaches; so the server tracks each connection's phase here and a timer
/// shuts down the sockets that are late. libmicrohttpd then sees the end of the
/// stream and closes the connection itself, through its usual path.
final class ConnectionDeadlines: Sendable {
    private enum Phase {
        /// Waiting for a request header (a fresh connection, or keep-alive after an answer).
        case header
        case body
        /// In the handler, or waiting out a delay: the server's turn, no deadline.
        case serving
        /// The answer is queued: the client has `sendTimeout` (plus the entry's allowance) to read it.
        case sending
        /// Shut down, waiting for libmicrohttpd to close it.
        case cut
    }

    private struct Entry {
        var socket: Int32
        var phase: Phase
        var since: ContinuousClock.Instant
        /// Time the server itself takes over the answer (a dribbled body), on top of `sendTimeout`.
        var allowance: Duration = .zero
    }

    private let headerTimeout: Duration
    private let bodyTimeout: Duration
    private let sendTimeout: Duration
    /// By connection address. An entry leaves when libmicrohttpd says the connection closed,
    /// which it does before it closes the socket: a socket in the table is never one reused by
    /// another connection, so shutting it down under the lock is safe.
    private let entries = Mutex([UInt: Entry]())
    private let timer: Timer

    /// A dispatch source may be cancelled from any thread.
    private struct Timer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    init(headerTimeout: Double, bodyTimeout: Double, sendTimeout: Double) {
        self.headerTimeout = .seconds(headerTimeout)
        self.bodyTimeout = .seconds(bodyTimeout)
        self.sendTimeout = .seconds(sendTimeout)
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "HTTPServer.deadlines"))
        timer = Timer(source: source)
        // A quarter of the shorter deadline: late by at most that much, and no busier than needed.
        let interval = min(max(min(headerTimeout, bodyTimeout, sendTimeout) / 4, 0.05), 1)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
        source.setEventHandler { [weak self] in self?.sweep() }
        source.resume()
    }

    func stop() {
        timer.source.cancel()
    }

    func opened(_ connection: OpaquePointer, socket: Int32) {
        let entry = Entry(socket: socket, phase: .header, since: .now)
        entries.withLock { $0[key(connection)] = entry }
    }

    func headerReceived(_ connection: OpaquePointer) { move(connection, to: .body) }
    func bodyReceived(_ connection: OpaquePointer) { move(connection, to: .serving) }
    func answered(_ connection: OpaquePointer) { move(connection, to: .header) }
    /// The answer is queued; `allowance` is what the server itself adds to its sending.
    func sending(_ connection: OpaquePointer, allowance: Duration = .zero) { move(connection, to: .sending, allowance: allowance) }

    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: key(connection)) }
    }

    /// Connections tracked now (for tests).
    var count: Int { entries.withLock { $0.count } }

    /// Connections with an answer under way (being made, delayed or sent): what a graceful stop
    /// waits for.
    var answering: Int {
        entries.withLock { entries in entries.values.count { $0.phase == .serving || $0.phase == .sending } }
    }

    private func move(_ connection: OpaquePointer, to phase: Phase, allowance: Duration = .zero) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            guard let entry = entries[key(connection)], entry.phase != .cut else { return }
            entries[key(connection)] = Entry(socket: entry.socket, phase: phase, since: now, allowance: allowance)
        }
    }

    private func sweep() {
        let now = ContinuousClock.now
        entries.withLock { entries in
            for (connection, entry) in entries {
                let late: Bool
                switch entry.phase {
                case .header: late = now - entry.since > headerTimeout
                case .body: late = now - entry.since > bodyTimeout
                case .sending: late = now - entry.since > sendTimeout + entry.allowance
                case .serving, .cut: late = false
                }
                guard late else { continue }
                if entry.phase == .sending {
                    // A reader too slow for its answer: the megabytes still queued for it in the
                    // kernel are dropped (a reset when libmicrohttpd closes the socket), not
                    // trickled out to it after the cut.
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(entry.socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[connection]?.phase = .cut
            }
        }
    }

    private func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: connection)
    }
}
