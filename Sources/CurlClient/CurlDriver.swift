import APICheck
internal import CCurl
import Dispatch
import Foundation
import Synchronization

/// One curl multi handle and the one thread that drives it.
///
/// Easy handles belong to the thread that uses them, so everything libcurl does happens on the
/// driver thread. Other threads only touch the queue under `queue`'s lock and wake the thread
/// through `events`' eventfd, and only when it sleeps. The thread waits on epoll and hands
/// libcurl the sockets that are ready (`curl_multi_socket_action`), so an event costs the same
/// with ten transfers in flight as with a thousand.
final class CurlDriver: Sendable {
    let configuration: CurlConfiguration
    /// Used by the driver thread, except for `curl_multi_wakeup`. Cleaned up in `deinit`, never
    /// earlier, so that a wakeup racing with shutdown still hits a live handle.
    nonisolated(unsafe) let multi: UnsafeMutableRawPointer
    /// The multi's epoll set, wake eventfd and timer; freed in `deinit` with the multi.
    nonisolated(unsafe) let events: OpaquePointer
    let queue = Mutex(Queue())
    private let exited = DispatchSemaphore(value: 0)
    private let exitObserved = Mutex(false)
    let connectionsOpened = Atomic<Int>(0)
    /// Work its host's thread queued for after the host's turn (`CurlTransport.afterTurn`).
    /// Touched on the driver's thread only.
    nonisolated(unsafe) var afterTurn: [@Sendable () -> Void] = []

    struct Queue {
        var pending: [CurlTransfer] = []
        /// Active transfers whose tasks were cancelled; the driver removes them.
        var cancelled: [CurlTransfer] = []
        /// Streamed transfers whose sink has room again; the driver unpauses them.
        var resumed: [CurlTransfer] = []
        var shuttingDown = false
        /// A host given to the driver and not yet attached on its thread.
        var hosting: (any CurlLoopHost)?
        /// Set by `wakeForHost`: the next turn does not wait.
        var hostWoken = false
        /// The driver thread is waiting, or about to, with nothing queued: the next thing queued
        /// wakes it. While it runs it takes the queue on its next turn without being woken.
        var sleeping = false
    }

    /// The thread's own bookkeeping; never shared.
    struct LoopState {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var idleHandles: [UnsafeMutableRawPointer] = []
        var host: (any CurlLoopHost)?
    }

    /// The longest wait: a bound on how late the thread would notice a lost wake.
    private static let pollMilliseconds: Int32 = 50

    /// Fails only when libcurl cannot be initialised; the error says why.
    init(configuration: CurlConfiguration) throws(TransportError) {
        let initCode = ccurl_global_init_once()
        guard initCode == CURLE_OK else {
            throw TransportError(.other, "libcurl could not be initialised: \(String(cString: curl_easy_strerror(initCode)))")
        }
        guard let multi = curl_multi_init() else {
            throw TransportError(.other, "libcurl could not create a multi handle")
        }
        guard let events = ccurl_events_create(multi) else {
            let reason = String(cString: strerror(errno))
            curl_multi_cleanup(multi)
            throw TransportError(.other, "the transport could not create its epoll set: \(reason)")
        }
        self.configuration = configuration
        self.multi = multi
        self.events = events

        let thread = Thread { [self] in run() }
        thread.name = "apicheck.curl"
        thread.start()
    }

    deinit {
        curl_multi_cleanup(multi)
        ccurl_events_destroy(events)
    }

    // MARK: Called from any thread

    func enqueue(_ transfer: CurlTransfer, completion: @escaping CurlTransfer.Completion) {
        var wake = false
        let rejection: (any Error)? = queue.withLock { queue in
            if transfer.lifecycle == .cancelledEarly {
                transfer.lifecycle = .finished
                transfer.sink = nil
                return CancellationError()
            }
            if queue.shuttingDown {
                transfer.lifecycle = .finished
                transfer.sink = nil
                return TransportError(.other, "the transport was shut down", url: transfer.redactedURL)
            }
            transfer.completion = completion
            transfer.lifecycle = .pending
            queue.pending.append(transfer)
            wake = queue.sleeping
            queue.sleeping = false
            return nil
        }
        if let rejection {
            completion(.failure(rejection))
        } else if wake {
            ccurl_events_wake(events)
        }
    }

    func cancel(_ transfer: CurlTransfer) {
        var wake = false
        let completion = queue.withLock { queue -> CurlTransfer.Completion? in
            switch transfer.lifecycle {
            case .created:
                transfer.lifecycle = .cancelledEarly
            case .pending:
                queue.pending.removeAll { $0 === transfer }
                return Self.takeCompletion(of: transfer)
            case .active:
                queue.cancelled.append(transfer)
                wake = queue.sleeping
                queue.sleeping = false
            case .cancelledEarly, .finished:
                break
            }
            return nil
        }
        completion?(.failure(CancellationError()))
        if wake {
            ccurl_events_wake(events)
        }
    }

    /// Transfers handed to the driver and waiting for a free slot.
    var pendingCount: Int {
        queue.withLock { $0.pending.count }
    }

    /// Fails whatever is queued or running, then waits for the thread to exit. Idempotent.
    func shutdown() {
        let first = queue.withLock { queue in
            defer { queue.shuttingDown = true }
            return !queue.shuttingDown
        }
        if first {
            ccurl_events_wake(events)
        }
        // Every caller waits; the semaphore is signalled once, so pass the signal on. The driver
        // is woken above and waits at most 50 ms at a time, so it exits at once; the bound only keeps a stuck callback from
        // hanging the process (the thread is then left behind, not waited for).
        exitObserved.withLock { observed in
            if !observed {
                _ = exited.wait(timeout: .now() + 10)
                observed = true
            }
        }
    }

    /// Marks a transfer finished and hands back its completion. Caller holds the queue lock.
    static func takeCompletion(of transfer: CurlTransfer) -> CurlTransfer.Completion? {
        guard transfer.lifecycle != .finished else { return nil }
        transfer.lifecycle = .finished
        // The sink may hold the transfer's handle (a proxy's, to cancel it when its client
        // leaves): kept past the end, each would keep the other, and every exchange's answer with them.
        transfer.sink = nil
        defer { transfer.completion = nil }
        return transfer.completion
    }

    // MARK: The driver thread

    private func run() {
        ccurl_set_current(Unmanaged.passUnretained(self).toOpaque())
        var state = LoopState()
        var watched = [Int32](repeating: -1, count: 8)
        while true {
            let (starting, cancelled, stopping, resumed, hosting) = queue.withLock { queue in
                queue.sleeping = false
                queue.hostWoken = false
                if queue.shuttingDown { return ([CurlTransfer](), [CurlTransfer](), true, [CurlTransfer](), nil as (any CurlLoopHost)?) }
                defer { queue.hosting = nil }
                let room = max(0, max(1, configuration.concurrency) - state.active.count)
                let starting = Array(queue.pending.prefix(room))
                queue.pending.removeFirst(starting.count)
                for transfer in starting { transfer.lifecycle = .active }
                defer { queue.cancelled.removeAll(); queue.resumed.removeAll() }
                return (starting, queue.cancelled, false, queue.resumed, queue.hosting)
            }
            if stopping { break }
            if let hosting {
                state.host = hosting
                hosting.attached(to: CurlLoop(driver: self))
            }
            unpause(resumed, state: state)

            for transfer in cancelled {
                if let easy = transfer.easy, state.active[easy] === transfer {
                    finish(transfer, easy: easy, with: .failure(CancellationError()), state: &state)
                }
            }
            for transfer in starting {
                start(transfer, state: &state)
            }

            var completedAny = false
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = state.active[easy]
                else { continue }
                let code = message.pointee.data.result
                // libcurl takes a connection closed in the middle of the header block for the end
                // of an answer: that is a broken transfer, not an answer with an empty body.
                let result: Result<HTTPResponse, any Error> =
                    code != CURLE_OK
                    ? .failure(TransportError(curlCode: code, transfer: transfer))
                    : transfer.headersComplete
                        ? .success(transfer.response(from: easy))
                        : .failure(
                            TransportError(
                                .other, "the connection closed in the middle of the response headers",
                                url: transfer.redactedURL))
                finish(transfer, easy: easy, with: result, state: &state)
                completedAny = true
            }
            // A finished transfer freed a slot: start the next one now rather than after a wait.
            if completedAny { continue }
            let hostCap = state.host?.turn() ?? -1
            if !afterTurn.isEmpty {
                // After the turn: the answers it sent are out before this work runs. What the
                // work queued (a transfer, a resumed answer) is taken on the next turn.
                let work = afterTurn
                afterTurn = []
                for item in work { item() }
                continue
            }
            // Waits only when nothing is queued; else the next turn takes it at once.
            let idle = queue.withLock { queue in
                guard !queue.shuttingDown, queue.cancelled.isEmpty, queue.resumed.isEmpty, !queue.hostWoken,
                    queue.pending.isEmpty || state.active.count >= max(1, configuration.concurrency)
                else { return false }
                queue.sleeping = true
                return true
            }
            let cap = !idle ? 0 : hostCap >= 0 ? min(Int32(clamping: hostCap), Self.pollMilliseconds) : Self.pollMilliseconds
            var readyCount = Int32(watched.count)
            ccurl_events_run(events, cap, &watched, &readyCount)
            if readyCount > 0, let host = state.host {
                // Awake now: what the host queues while it runs is taken on the next turn, with no wake.
                queue.withLock { $0.sleeping = false }
                for descriptor in watched.prefix(Int(readyCount)) { host.ready(descriptor) }
            }
        }
        // Work queued for after the last turn still runs (a proxy's checks: its report counts them).
        while !afterTurn.isEmpty {
            let work = afterTurn
            afterTurn = []
            for item in work { item() }
        }
        drain(&state)
        // The host's objects may hold this driver: let go of them here, once nothing calls them.
        state.host = nil
        exited.signal()
    }

    private func start(_ transfer: CurlTransfer, state: inout LoopState) {
        guard let easy = state.idleHandles.popLast() ?? curl_easy_init() else {
            resume(
                transfer,
                with: .failure(
                    TransportError(
                        .other, "libcurl could not create an easy handle",
                        url: transfer.redactedURL)))
            return
        }
        do {
            try transfer.configure(easy)
        } catch {
            transfer.easy = nil
            recycle(easy, state: &state)
            resume(transfer, with: .failure(error))
            return
        }
        let code = curl_multi_add_handle(multi, easy)
        guard code == CURLM_OK else {
            transfer.easy = nil
            recycle(easy, state: &state)
            resume(
                transfer,
                with: .failure(
                    TransportError(
                        .other, "libcurl could not start the transfer: \(String(cString: curl_multi_strerror(code)))",
                        url: transfer.redactedURL)))
            return
        }
        state.active[easy] = transfer
    }
}
