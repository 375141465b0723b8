import Dispatch
import Foundation

/// SIGINT and SIGTERM as an event to wait for instead of the end of the process: a foreground
/// server that hears one stops cleanly (closes its listener, finishes what it is answering) and
/// exits 0. Until then the signals are ignored by the process and delivered here.
final class StopSignal: @unchecked Sendable {
    // Touched only under `lock`; the dispatch sources live as long as this object.
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var heard: Int32?
    private var waiter: CheckedContinuation<Int32, Never>?

    init(signals: [Int32] = [SIGINT, SIGTERM]) {
        let queue = DispatchQueue(label: "apicheck.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.hear(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// The first signal heard (at once when one already was).
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let heard {
                lock.unlock()
                continuation.resume(returning: heard)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }

    private func hear(_ number: Int32) {
        lock.lock()
        guard heard == nil else {
            lock.unlock()
            return
        }
        heard = number
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: number)
    }
}
