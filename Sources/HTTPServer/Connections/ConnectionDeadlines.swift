internal import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// Deadlines on what a connection owes the server: a complete header within `headerTimeout`, a
/// complete body within `bodyTimeout`, the answer read within `sendTimeout` of being queued.
/// libmicrohttpd only knows an idle timeout, which a client trickling one byte a second (or
/// reading one) never reaches; so the server tracks each connection's phase here and a timer
/// shuts down the sockets that are late. libmicrohttpd then sees the end of the
/// stream and closes the connection itself, through its usual path.
///
/// A request moves its connection's phase three times; each move is one atomic store into the
/// connection's own `TrackedConnection`, which libmicrohttpd keeps as the connection's context.
/// Only opening and closing a connection take the lock of the table the timer walks: a table
/// looked up under one lock per move cost a thousand busy connections more than routing did.
final class ConnectionDeadlines: Sendable {
    private let headerTimeout: Int64
    private let bodyTimeout: Int64
    private let sendTimeout: Int64
    /// By connection address. An entry leaves when libmicrohttpd says the connection closed,
    /// which it does before it closes the socket: a socket in the table is never one reused by
    /// another connection, so shutting it down under the lock is safe.
    private let entries = Mutex([UInt: TrackedConnection]())
    private let timer: Timer

    /// A dispatch source may be cancelled from any thread.
    private struct Timer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    /// - Parameter idleTimeout: when libmicrohttpd keeps no idle timeout of its own (a pool), the
    ///   longest any of the three waits may last, whatever it carries.
    init(headerTimeout: Double, bodyTimeout: Double, sendTimeout: Double, idleTimeout: Double? = nil) {
        let ceiling = idleTimeout ?? .infinity
        let headerTimeout = min(headerTimeout, ceiling), bodyTimeout = min(bodyTimeout, ceiling)
        let sendTimeout = min(sendTimeout, ceiling)
        self.headerTimeout = TrackedConnection.milliseconds(headerTimeout)
        self.bodyTimeout = TrackedConnection.milliseconds(bodyTimeout)
        self.sendTimeout = TrackedConnection.milliseconds(sendTimeout)
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

    /// A new connection, waiting for its first header. Returns the retained context to keep in
    /// libmicrohttpd's socket context until `closed`.
    func opened(_ connection: OpaquePointer, socket: Int32) -> UnsafeMutableRawPointer {
        let tracked = TrackedConnection(socket: socket)
        entries.withLock { $0[key(connection)] = tracked }
        return Unmanaged.passRetained(tracked).toOpaque()
    }

    func headerReceived(_ connection: OpaquePointer) { tracked(connection)?.move(to: .body) }
    func bodyReceived(_ connection: OpaquePointer) { tracked(connection)?.move(to: .serving) }
    func answered(_ connection: OpaquePointer) { tracked(connection)?.move(to: .header) }
    /// Handed over after a 101: no deadline of the server's, and no answer a graceful stop waits for.
    func upgraded(_ connection: OpaquePointer) { tracked(connection)?.move(to: .upgraded) }
    /// The answer is queued; `allowance` is what the server itself adds to its sending.
    func sending(_ connection: OpaquePointer, allowance: Duration = .zero) {
        tracked(connection)?.move(to: .sending, allowance: allowance)
    }

    /// Forgets the connection and releases the context `opened` returned.
    func closed(_ connection: OpaquePointer, context: UnsafeMutableRawPointer?) {
        _ = entries.withLock { $0.removeValue(forKey: key(connection)) }
        if let context { Unmanaged<TrackedConnection>.fromOpaque(context).release() }
    }

    /// Connections tracked now (for tests).
    var count: Int { entries.withLock { $0.count } }

    /// Connections with an answer under way (being made, delayed or sent): what a graceful stop
    /// waits for.
    var answering: Int {
        entries.withLock { entries in entries.values.count { $0.state.phase == .serving || $0.state.phase == .sending } }
    }

    private func tracked(_ connection: OpaquePointer) -> TrackedConnection? {
        guard let context = cmhd_connection_context(connection) else { return nil }
        return Unmanaged<TrackedConnection>.fromOpaque(context).takeUnretainedValue()
    }

    /// POLLRDHUP, Linux's "the peer closed its end"; Glibc hides its name behind _GNU_SOURCE.
    private static let peerClosed: Int16 = 0x2000

    private func sweep() {
        let now = TrackedConnection.now()
        entries.withLock { entries in
            var waiting: [pollfd] = []
            for tracked in entries.values {
                let state = tracked.state
                if state.phase == .header || state.phase == .body {
                    waiting.append(pollfd(fd: tracked.socket, events: Self.peerClosed, revents: 0))
                }
                let limit: Int64? =
                    switch state.phase {
                    case .header: headerTimeout
                    case .body: bodyTimeout
                    case .sending: sendTimeout + tracked.allowance
                    case .serving, .cut, .upgraded: nil
                    }
                guard let limit, now - state.since > limit, tracked.cut(from: state) else { continue }
                if state.phase == .sending {
                    // A reader too slow for its answer: the megabytes still queued for it in the
                    // kernel are dropped (a reset when libmicrohttpd closes the socket), not
                    // trickled out to it after the cut.
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(tracked.socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                }
                shutdown(tracked.socket, Int32(SHUT_RDWR))
            }
            // libmicrohttpd watches a connection edge-triggered and takes a short read for an
            // empty socket: a client's end that arrived behind the last bytes it sent (a client
            // that left mid-body) brings no edge of its own, and the connection would wait for
            // its deadline. Shutting our reading side raises an edge without dropping a byte:
            // libmicrohttpd reads what is left, then the end the client already sent.
            guard !waiting.isEmpty, poll(&waiting, nfds_t(waiting.count), 0) > 0 else { return }
            for entry in waiting where entry.revents & (Self.peerClosed | Int16(POLLHUP | POLLERR)) != 0 {
                shutdown(entry.fd, Int32(SHUT_RD))
            }
        }
    }

    private func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: connection)
    }
}
