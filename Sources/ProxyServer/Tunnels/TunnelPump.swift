import CurlClient
import Foundation
import Glibc
import HTTPServer
import Synchronization

/// Every tunnel through the proxy (WebSocket upgrades, event streams) on one thread of its own:
/// non-blocking sockets under one poll, the upstream's connections made by libcurl under it too, so no thread waits for any one client or upstream. Each tunnel
/// holds at most `bufferBytes` each way: a side that does not read stops the other side being
/// read (its sender is held back by TCP), so a stalled reader costs two buffers, not memory
/// without end; and a tunnel where no byte moved for `idleTimeout` is closed. At most `total`
/// tunnels are open at once and `perAddress` from one client address; past either a request is
/// refused (503) and counted.
final class TunnelPump: Sendable {
    struct Limits: Sendable {
        var total = 1024
        var perAddress = 64
        var idleTimeout: Double = 120
        var bufferBytes = 64 << 10
    }

    /// What the proxy's findings and report show of the tunnels.
    struct Counts: Sendable {
        var opened = 0
        var open = 0
        var refused = 0
        var idleClosed = 0
        var failed = 0
        /// Of `opened`, server-sent event streams.
        var eventStreams = 0
    }

    enum Command: Sendable {
        /// A new tunnel: its upstream's origin (`https://host:port`), the request's head, the
        /// `Upgrade` asked for.
        case add(
            id: Int, address: String, url: String, head: [UInt8], protocolName: String, deferred: DeferredResponse, events: Bool)
        /// A stream's client read its buffer down: its upstream may be read again.
        case wake
        /// The client's connection after its 101, or nil when it left before.
        case attach(id: Int, UpgradedConnection?)
        case drop(id: Int)
    }

    private struct Book {
        var counts = Counts()
        var byAddress: [String: Int] = [:]
        var nextID = 0
    }

    let limits: Limits
    /// The upstream's TLS options and connect timeout, as the proxy's other upstream calls have them.
    let upstream: CurlConfiguration
    /// A pipe that wakes the thread for a command.
    let wakeRead: Int32
    private let wakeWrite: Int32
    private let book = Mutex(Book())
    private let commands = Mutex<[Command]>([])
    let running = Atomic(true)
    let stopped = DispatchSemaphore(value: 0)

    init(limits: Limits, upstream: CurlConfiguration = CurlConfiguration()) {
        self.limits = limits
        self.upstream = upstream
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        let thread = Thread { [self] in run() }
        thread.name = "apicheck.proxy.tunnels"
        thread.start()
    }

    /// Books a tunnel for `address`, or counts a refusal and returns nil when a cap is reached.
    func reserve(_ address: String, events: Bool = false) -> Int? {
        book.withLock { book in
            guard book.counts.open < limits.total, book.byAddress[address, default: 0] < limits.perAddress else {
                book.counts.refused += 1
                return nil
            }
            book.counts.open += 1
            book.counts.opened += 1
            if events { book.counts.eventStreams += 1 }
            book.byAddress[address, default: 0] += 1
            book.nextID += 1
            return book.nextID
        }
    }

    /// Counts a tunnel another engine passes through itself (`--engine h2o`): opened, never open
    /// here, since that engine's tunnels end where this pump cannot see them.
    func passedElsewhere(events: Bool) {
        book.withLock { book in
            book.counts.opened += 1
            if events { book.counts.eventStreams += 1 }
        }
    }

    func released(_ address: String, idle: Bool, failed: Bool) {
        book.withLock { book in
            book.counts.open -= 1
            if idle { book.counts.idleClosed += 1 }
            if failed { book.counts.failed += 1 }
            let left = book.byAddress[address, default: 1] - 1
            book.byAddress[address] = left > 0 ? left : nil
        }
    }

    var counts: Counts { book.withLock { $0.counts } }

    private func run() {
        TunnelLoop(pump: self).run()
    }

    func send(_ command: Command) {
        commands.withLock { $0.append(command) }
        var one: UInt8 = 1
        _ = write(wakeWrite, &one, 1)
    }

    func takeCommands() -> [Command] {
        var drained = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &drained, drained.count) > 0 {}
        return commands.withLock { commands in
            defer { commands.removeAll() }
            return commands
        }
    }

    /// Closes every tunnel and ends the thread.
    func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        var one: UInt8 = 1
        _ = write(wakeWrite, &one, 1)
        stopped.wait()
    }

    // Closed only when nothing can send any more: a command sent after `stop` must not write
    // into a descriptor number that another part of the process has been given meanwhile.
    deinit {
        close(wakeRead)
        close(wakeWrite)
    }
}
