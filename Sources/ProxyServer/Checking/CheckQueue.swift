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
///
/// The checks of a paged list's pages are `ordered`: the paging check reads each page after the
/// one before, and two pages checked side by side could finish the wrong way round (the list
/// would start over, its pages unjudged). Past the local limit, or while one waits, they go to a
/// lane of their own with one worker, in the order they came.
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
    private let lane = Mutex(Waiting())
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
    /// exchange goes unchecked. `ordered`: after every ordered check submitted before it.
    func submit(bytes: Int, ordered: Bool = false, _ check: @escaping @Sendable () -> Void) -> Bool {
        let cost = max(bytes, 1)
        let after = waiting.add(cost, ordering: .relaxed).newValue
        guard after <= budget || after == cost else {
            waiting.subtract(cost, ordering: .relaxed)
            dropped.add(1, ordering: .relaxed)
            return false
        }
        let inLane = ordered && (cost > localLimit || lane.withLock { $0.workers > 0 || $0.count > 0 })
        if inLane {
            if lane.withLock({ Self.enqueue(&$0, check, cost, width: 1) }) { queue.async { [self] in drain(lane) } }
            return true
        }
        if cost <= localLimit, let local,
            local({ [self] in
                check()
                waiting.subtract(cost, ordering: .relaxed)
            })
        {
            return true
        }
        if list.withLock({ Self.enqueue(&$0, check, cost, width: width) }) { queue.async { [self] in drain(list) } }
        return true
    }

    /// Adds a check; true when a worker is to be started for it.
    private static func enqueue(_ list: inout Waiting, _ check: @escaping @Sendable () -> Void, _ cost: Int, width: Int) -> Bool {
        list.checks.append((check, cost))
        // A worker per waiting check, up to the width: a busy worker takes the next one itself.
        guard list.workers < width, list.workers < list.count else { return false }
        list.workers += 1
        return true
    }

    private func drain(_ list: borrowing Mutex<Waiting>) {
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

    /// Counts an exchange passed on unchecked because its copy alone would pass the budget.
    func countDropped() {
        dropped.add(1, ordering: .relaxed)
    }

    func release(bytes: Int) {
        waiting.subtract(bytes, ordering: .relaxed)
    }

    /// Workers draining the list and the ordered lane now.
    var busyWorkers: Int { list.withLock { $0.workers } + lane.withLock { $0.workers } }

    /// Exchanges passed on unchecked because the checks had fallen behind.
    var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
