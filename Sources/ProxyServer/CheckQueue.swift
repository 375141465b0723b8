import Dispatch
import Foundation
import Synchronization

/// Where the proxy's checks run: on threads of their own, never on those that move bytes. A check
/// (parsing, decoding, drift) costs far more than passing an answer on; run where the upstream's
/// answers resume, a burst of large answers would hold every later answer behind its checks.
///
/// The checks waiting are bounded by the bytes they hold: past `budget`, an exchange passes
/// unchecked and is counted, so a client faster than the checks costs coverage, not memory.
///
/// The checks wait in one list drained by at most `width` workers, each running until the list
/// is empty. A check submitted while the workers are busy wakes no thread: under load the queue
/// costs a lock per exchange, not a thread woken and put back to sleep per exchange.
final class CheckQueue: Sendable {
    private struct Waiting {
        var checks: [(@Sendable () -> Void, Int)] = []
        var head = 0
        var workers = 0

        var count: Int { checks.count - head }

        mutating func take() -> (@Sendable () -> Void, Int)? {
            guard head < checks.count else { return nil }
            defer {
                head += 1
                // Compacted once half is taken: amortised O(1) per check, no unbounded prefix.
                if head >= 64 && head * 2 >= checks.count {
                    checks.removeFirst(head)
                    head = 0
                }
            }
            return checks[head]
        }
    }

    private let queue = DispatchQueue(label: "apicheck.proxy.checks", qos: .utility, attributes: .concurrent)
    private let list = Mutex(Waiting())
    private let waiting = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    let budget: Int
    let width: Int

    init(budget: Int, width: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.budget = budget
        self.width = max(1, width)
    }

    /// Runs `check` later, unless `bytes` more would pass the budget; then returns false and the
    /// exchange goes unchecked.
    func submit(bytes: Int, _ check: @escaping @Sendable () -> Void) -> Bool {
        let cost = max(bytes, 1)
        let after = waiting.add(cost, ordering: .relaxed).newValue
        guard after <= budget || after == cost else {
            waiting.subtract(cost, ordering: .relaxed)
            dropped.add(1, ordering: .relaxed)
            return false
        }
        let startsWorker = list.withLock { list in
            list.checks.append((check, cost))
            // A worker per waiting check, up to the width: a busy worker takes the next one itself.
            guard list.workers < width, list.workers < list.count else { return false }
            list.workers += 1
            return true
        }
        if startsWorker { queue.async { [self] in drain() } }
        return true
    }

    private func drain() {
        while let (check, cost) = list.withLock({ list in
            let next = list.take()
            if next == nil { list.workers -= 1 }
            return next
        }) {
            check()
            waiting.subtract(cost, ordering: .relaxed)
        }
    }

    /// Holds `bytes` of a streamed answer's copy against the budget while the answer arrives;
    /// false (the exchange counted unchecked) when they would pass it.
    func reserve(bytes: Int) -> Bool {
        guard waiting.add(bytes, ordering: .relaxed).newValue > budget else { return true }
        waiting.subtract(bytes, ordering: .relaxed)
        dropped.add(1, ordering: .relaxed)
        return false
    }

    func release(bytes: Int) {
        waiting.subtract(bytes, ordering: .relaxed)
    }

    /// Workers draining the list now.
    var busyWorkers: Int { list.withLock { $0.workers } }

    /// Exchanges passed on unchecked because the checks had fallen behind.
    var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
