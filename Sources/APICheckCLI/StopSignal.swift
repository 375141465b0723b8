import Dispatch
import Foundation

/// SIGINT and SIGTERM as an event to wait for instead of the end of the process: a foreground
/// server that hears one stops cleanly (closes its listener, finishes what it is answering) and
/// exits 0. While this object lives the signals are ignored by the process and delivered here;
/// once it is gone they act as they did before (a program that runs serve in-process, or a test
/// runner, must still die of SIGTERM afterwards).
final class StopSignal: @unchecked Sendable {
    /// Why the wait ended.
    enum Stop: Equatable {
        case signal(Int32)
        /// The waiting task was cancelled: serve run in-process is stopped by its caller.
        case cancelled
    }

    // Touched only under `lock`; the dispatch sources live as long as this object.
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var previous: [(number: Int32, action: sigaction)] = []
    private var stop: Stop?
    private var waiter: CheckedContinuation<Stop, Never>?

    init(signals: [Int32] = [SIGINT, SIGTERM]) {
        let queue = DispatchQueue(label: "apicheck.signals")
        for number in signals {
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            var old = sigaction()
            sigaction(number, &ignore, &old)
            previous.append((number, old))
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.end(.signal(number)) }
            // libdispatch installs its own handler for the signal when it registers the source,
            // on a thread of its own: waited for here, so that the handler put back when this
            // object goes is never overwritten by a registration that came late.
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            registered.wait()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
        for (number, action) in previous {
            var action = action
            sigaction(number, &action, nil)
        }
    }

    /// The first signal heard (at once when one already was), or `.cancelled` when the waiting
    /// task is cancelled first.
    func wait() async -> Stop {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let stop {
                    lock.unlock()
                    continuation.resume(returning: stop)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            end(.cancelled)
        }
    }

    private func end(_ reason: Stop) {
        lock.lock()
        guard stop == nil else {
            lock.unlock()
            return
        }
        stop = reason
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: reason)
    }
}
