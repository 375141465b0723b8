import CH2O
import Foundation
import Synchronization

/// One of the h2o engine's loops: a thread running an h2o event loop that accepts from the shared
/// listening socket and moves its connections' exchanges, upstream calls included. The checks
/// submitted on it run after its turn (`afterTurn`), once the turn's answers are out.
final class H2OLoop: @unchecked Sendable {
    /// Touched only on the loop's thread once it runs.
    private let context = UnsafeMutablePointer<h2o_context_t>.allocate(capacity: 1)
    private let accepting = UnsafeMutablePointer<h2o_accept_ctx_t>.allocate(capacity: 1)
    private let waking = UnsafeMutablePointer<h2o_multithread_receiver_t>.allocate(capacity: 1)
    private var afterTurn: [@Sendable () -> Void] = []
    private let stopping = Atomic<Bool>(false)
    private let admission: H2OAdmission
    /// Guarded by `changed`.
    private var phase = Phase.idle
    private let changed = NSCondition()

    private enum Phase {
        case idle, running, stopped
    }

    init(admission: H2OAdmission) {
        self.admission = admission
    }

    /// Runs the loop on a thread of its own; returns once it accepts.
    func start(config: UnsafeMutablePointer<h2o_globalconf_t>, listener: Int32) {
        nonisolated(unsafe) let config = config
        let thread = Thread { [self] in run(config: config, listener: listener) }
        thread.name = "apicheck.proxy.h2o"
        thread.start()
        changed.lock()
        while phase == .idle { changed.wait() }
        changed.unlock()
    }

    /// Stops accepting, closes the idle connections and returns once the thread has ended:
    /// exchanges under way are cut.
    func stop() {
        changed.lock()
        defer { changed.unlock() }
        guard phase != .idle else { return }
        stopping.store(true, ordering: .releasing)
        h2o_multithread_send_message(waking, nil)
        while phase != .stopped { changed.wait() }
    }

    private func enter(_ next: Phase) {
        changed.lock()
        phase = next
        changed.broadcast()
        changed.unlock()
    }

    /// The loop whose thread calls this: a check is kept to run after its turn. False elsewhere.
    static func afterTurn(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard let current = ch2o_current() else { return false }
        Unmanaged<H2OLoop>.fromOpaque(current).takeUnretainedValue().afterTurn.append(work)
        return true
    }

    private func run(config: UnsafeMutablePointer<h2o_globalconf_t>, listener descriptor: Int32) {
        let loop = h2o_evloop_create()
        h2o_context_init(context, loop, config)
        accepting.initialize(to: h2o_accept_ctx_t())
        accepting.pointee.ctx = context
        accepting.pointee.hosts = config.pointee.hosts
        h2o_multithread_register_receiver(context.pointee.queue, waking) { _, _ in }
        ch2o_set_current(Unmanaged.passUnretained(self).toOpaque())
        let listener = h2o_evloop_socket_create(loop, descriptor, Int32(H2O_SOCKET_FLAG_DONT_READ))!
        listener.pointee.data = UnsafeMutableRawPointer(accepting)
        h2o_socket_read_start(listener) { listener, error in
            guard error == nil, let listener, let socket = h2o_evloop_socket_accept(listener), let current = ch2o_current() else { return }
            let loop = Unmanaged<H2OLoop>.fromOpaque(current).takeUnretainedValue()
            loop.admission.accept(socket, context: loop.accepting)
        }
        enter(.running)
        while !stopping.load(ordering: .acquiring) {
            _ = h2o_evloop_run(loop, afterTurn.isEmpty ? Int32.max : 0)
            runAfterTurn()
        }
        h2o_socket_read_stop(listener)
        h2o_socket_close(listener)
        // Idle keep-alive connections close now; one mid-exchange is given a moment, then left.
        h2o_context_request_shutdown(context)
        var rounds = 0
        while !Self.isEmpty(&context.pointee.http1._conns), rounds < 20 {
            _ = h2o_evloop_run(loop, 10)
            runAfterTurn()
            rounds += 1
        }
        runAfterTurn()
        ch2o_set_current(nil)
        enter(.stopped)
    }

    private func runAfterTurn() {
        while !afterTurn.isEmpty {
            let due = afterTurn
            afterTurn.removeAll(keepingCapacity: true)
            for work in due { work() }
        }
    }

    private static func isEmpty(_ list: UnsafeMutablePointer<h2o_linklist_t>) -> Bool {
        h2o_linklist_is_empty(list) != 0
    }
}
