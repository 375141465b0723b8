import Dispatch
import Foundation
import Synchronization

/// Where the proxy's checks run: never before the answer they judge is on its way (except under
/// --enforce, where the answer waits for its verdict). A check (parsing, decoding, drift) costs
/// far more than passing an answer on.
///
/// The checks waiting are bounded by the bytes they hold: past `budget`, an exchange passes
/// unchecked and is counted, so a client faster than the checks costs coverage, not memory.
///
/// A check submitted on a proxy loop's thread runs on that thread after the loop's turn, once the
/// turn's answers are out (`local`): no thread is woken for it, and the loops (one per core)
/// share the checks as they share the exchanges. A check of more than `localLimit` bytes is not
/// run there: checking a big answer takes milliseconds, and the loop's other clients would wait
/// them out; on a worker it shares the cores with the loops, at the same priority (checks below
/// the loops would starve behind whatever else keeps the machine busy, a CI runner's browser,
/// and go unchecked). Those, and checks submitted elsewhere, wait in one list drained by at most
/// `width` workers, each running until the list is empty.
final class CheckQueue: Sendable {
    private struct Waiting {
        /// A taken check's place is emptied at once: until the list is compacted, a check kept
        /// there would keep the bodies it holds, which the budget no longer counts.
        var checks: [(@Sendable () -> Void, Int)?] = []
        var head = 0
        var workers = 0

        var count: Int { checks.count - head }

        mutating func take() -> (@Sendable () -> Void, Int)? {
            guard head < checks.count else { return nil }
            let next = checks[head]
            checks[head] = nil
            defer {
                head += 1
                // Compacted once half is taken: amortised O(1) per check, no unbounded prefix.
                if head >= 64 && head * 2 >= checks.count {
                    checks.removeFirst(head)
                    head = 0
                }
            }
            return next
        }
    }

    private let queue = DispatchQueue(label: "apicheck.proxy.checks", qos: .utility, attributes: .concurrent)
    private let list = Mutex(Waiting())
    private let waiting = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    let budget: Int
    let width: Int
    /// The most bytes a check run on the submitting thread holds (see the type's note).
    let localLimit: Int
    /// Takes a check to run on the submitting thread later (a proxy loop's, after its turn), or
    /// returns false and the workers run it.
    private let local: (@Sendable (@escaping @Sendable () -> Void) -> Bool)?

    /// A check reads tens of megabytes a second: 64 KiB holds a loop for a millisecond or two.
    static let defaultLocalLimit = 64 << 10

    init(
        budget: Int, width: Int = ProcessInfo.processInfo.activeProcessorCount, localLimit: Int = CheckQueue.defaultLocalLimit,
        local: (@Sendable (@escaping @Sendable () -> Void) -> Bool)? = nil
    ) {
        self.budget = budget
        self.width = max(1, width)
        self.localLimit = localLimit
        self.local = local
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
        if cost <= localLimit, let local,
            local({ [self] in
                check()
                waiting.subtract(cost, ordering: .relaxed)
            })
        {
            return true
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
