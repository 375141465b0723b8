import Dispatch
import Synchronization

/// Where the proxy's checks run: on threads of their own, never on those that move bytes. A check
/// (parsing, decoding, drift) costs far more than passing an answer on; run where the upstream's
/// answers resume, a burst of large answers would hold every later answer behind its checks.
///
/// The checks waiting are bounded by the bytes they hold: past `budget`, an exchange passes
/// unchecked and is counted, so a client faster than the checks costs coverage, not memory.
final class CheckQueue: Sendable {
    private let queue = DispatchQueue(label: "apicheck.proxy.checks", qos: .utility, attributes: .concurrent)
    private let waiting = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    let budget: Int

    init(budget: Int) {
        self.budget = budget
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
        queue.async { [self] in
            check()
            waiting.subtract(cost, ordering: .relaxed)
        }
        return true
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

    /// Exchanges passed on unchecked because the checks had fallen behind.
    var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
