internal import CMicroHTTPD
import Foundation
import Synchronization

/// What runs a `ServerLoop`: a thread waiting on an epoll set that holds the loop's descriptors
/// beside sockets of its own (a proxy's upstream connections), so that a request and its upstream
/// call are served on one thread with no hand-over between threads.
public protocol ServerLoopRunner: Sendable {
    /// Waits on `descriptor` for reading (on the runner's thread); false when it cannot.
    func watch(_ descriptor: Int32) -> Bool
    /// Stops waiting on `descriptor` (on the runner's thread).
    func unwatch(_ descriptor: Int32)
    /// Makes the runner call `turn()` soon (any thread).
    func wake()
    /// Whether the calling thread is the runner's.
    var isCurrent: Bool { get }
    /// Stops the runner and waits until it no longer calls the loop (never from its own thread).
    func stop()
}

/// One daemon of a server whose thread model is `.loops`: its epoll set and its listening socket
/// (one per loop, sharing the port, so that the kernel spreads connections over the loops). It
/// serves nothing until a runner attaches it and calls `ready` and `turn` on its thread.
public final class ServerLoop: Sendable {
    private let daemon: DaemonHandle
    /// libmicrohttpd's epoll set: ready when one of its connections is.
    let events: Int32
    /// The loop's listening socket.
    let listening: Int32
    private let runner = Mutex<(any ServerLoopRunner)?>(nil)
    /// A connection of this loop was resumed: the next turn lets libmicrohttpd answer it.
    private let resumed = Atomic<Bool>(false)
    /// Not watching the listening socket until then (out of descriptors); 0 when watching.
    private let acceptPausedUntil = Atomic<Int64>(0)
    /// The listening socket no longer listens (a graceful stop).
    private let listenerClosed = Atomic<Bool>(false)

    /// libmicrohttpd's daemon, called on the loop's thread only (and stopped after the runner).
    private struct DaemonHandle: @unchecked Sendable {
        let raw: OpaquePointer
        let listener: OpaquePointer
    }

    /// The caps over all the server's loops.
    private let admission: ConnectionAdmission?

    init(daemon: OpaquePointer, listener: OpaquePointer, admission: ConnectionAdmission?) {
        self.daemon = DaemonHandle(raw: daemon, listener: listener)
        self.admission = admission
        events = cmhd_daemon_epoll(daemon)
        listening = cmhd_listener_socket(listener)
    }

    var rawDaemon: OpaquePointer { daemon.raw }
    var rawListener: OpaquePointer { daemon.listener }

    /// Called by the runner on its thread before anything else: the loop watches its
    /// descriptors through it from now on.
    public func attach(_ runner: any ServerLoopRunner) {
        self.runner.withLock { $0 = runner }
        _ = runner.watch(events)
        if !listenerClosed.load(ordering: .acquiring) { _ = runner.watch(listening) }
    }

    /// One of the loop's descriptors is ready (on the runner's thread).
    public func ready(_ descriptor: Int32) {
        if descriptor == listening {
            accept()
        } else if descriptor == events {
            MHD_run(daemon.raw)
        }
    }

    /// What is due before the runner waits (on its thread): resumed connections answered, the
    /// listening socket watched again after a pause. Returns the longest wait in milliseconds
    /// before the next turn, or -1.
    public func turn() -> Int {
        if resumed.exchange(false, ordering: .acquiringAndReleasing) { MHD_run(daemon.raw) }
        var wait = Int(cmhd_daemon_timeout(daemon.raw))
        if wait == 0 {
            // libmicrohttpd has work it did not finish (a connection with more to read or write).
            MHD_run(daemon.raw)
            wait = Int(cmhd_daemon_timeout(daemon.raw))
        }
        let paused = acceptPausedUntil.load(ordering: .relaxed)
        if paused != 0 {
            let left = paused - Self.now()
            if left <= 0 {
                acceptPausedUntil.store(0, ordering: .relaxed)
                if !listenerClosed.load(ordering: .acquiring), let runner = runner.withLock({ $0 }) { _ = runner.watch(listening) }
            } else {
                let milliseconds = Int((left + 999_999) / 1_000_000)
                wait = wait < 0 ? milliseconds : min(wait, milliseconds)
            }
        }
        return wait
    }

    /// A connection of this loop was resumed, or closed from outside after an upgrade:
    /// libmicrohttpd acts on it on the loop's next turn, and a loop waiting on another thread is
    /// woken for it (in this mode libmicrohttpd wakes no loop itself).
    func runSoon() {
        resumed.store(true, ordering: .releasing)
        guard let runner = runner.withLock({ $0 }), !runner.isCurrent else { return }
        runner.wake()
    }

    /// Stops listening (a graceful stop): connections are refused from now on.
    func closeListener() {
        listenerClosed.store(true, ordering: .releasing)
        shutdown(listening, Int32(SHUT_RDWR))
        runner.withLock { $0 }?.wake()
    }

    /// Stops the runner, so that nothing calls the daemon any more. Never from the loop's thread.
    func halt() {
        let runner = runner.withLock { runner in
            defer { runner = nil }
            return runner
        }
        runner?.stop()
    }

    private func accept() {
        let context = admission.map { Unmanaged.passUnretained($0).toOpaque() }
        switch cmhd_listener_accept(daemon.listener, daemon.raw, ConnectionAdmission.callback, context) {
        case 1:
            return
        case -1:
            // The waiting connection stays in the backlog: watched, it would wake the loop at once again.
            acceptPausedUntil.store(Self.now() + 10_000_000, ordering: .relaxed)
            runner.withLock { $0 }?.unwatch(listening)
        default:
            listenerClosed.store(true, ordering: .releasing)
            runner.withLock { $0 }?.unwatch(listening)
        }
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
