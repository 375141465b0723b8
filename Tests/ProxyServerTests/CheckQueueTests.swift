import Dispatch
import Foundation
@testable import ProxyServer
import Synchronization
import Testing

/// The proxy's checks wait in one list drained by at most `width` workers: none left behind when
/// the workers go idle, never more than the width at once.
@Suite struct CheckQueueTests {
    /// Waits on the queue's state, not on the clock: the test's time limit cancels a wait that
    /// never ends, and the cancellation ends the test.
    private static func waitUntil(_ condition: () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(2)) }
    }

    /// A check submitted where the local runner takes it (a proxy loop's thread) runs there, with
    /// its bytes held against the budget until it has run; elsewhere the workers run it.
    @Test(.timeLimit(.minutes(1))) func aCheckTheLocalRunnerTakesRunsThereAndHoldsItsBytesUntilThen() async throws {
        let taken = Mutex<[@Sendable () -> Void]>([])
        let local = Atomic(true)
        let queue = CheckQueue(budget: 100, width: 1) { check in
            guard local.load(ordering: .relaxed) else { return false }
            taken.withLock { $0.append(check) }
            return true
        }
        let ran = Atomic<Int>(0)
        #expect(queue.submit(bytes: 60) { ran.add(1, ordering: .relaxed) })
        #expect(taken.withLock { $0.count } == 1)
        #expect(queue.busyWorkers == 0)
        // Not run yet: its 60 bytes still count, so 60 more pass the budget.
        #expect(!queue.submit(bytes: 60) { ran.add(1, ordering: .relaxed) })
        #expect(queue.droppedCount == 1)
        for check in taken.withLock({ list in
            defer { list.removeAll() }; return list
        }) { check() }
        #expect(ran.load(ordering: .relaxed) == 1)
        // Run, it gave its bytes back.
        #expect(queue.submit(bytes: 60) { ran.add(1, ordering: .relaxed) })
        for check in taken.withLock({ list in
            defer { list.removeAll() }; return list
        }) { check() }
        #expect(ran.load(ordering: .relaxed) == 2)
        local.store(false, ordering: .relaxed)
        #expect(queue.submit(bytes: 60) { ran.add(1, ordering: .relaxed) })
        try await Self.waitUntil { ran.load(ordering: .relaxed) == 3 }
        #expect(taken.withLock { $0.isEmpty })
    }

    /// A big answer's check would hold the loop's other clients for as long as it runs: past the
    /// local limit it goes to a worker even on a loop's thread; at the limit it stays there.
    @Test(.timeLimit(.minutes(1))) func aCheckPastTheLocalLimitRunsOnAWorkerNotOnTheLoop() async throws {
        let taken = Atomic<Int>(0)
        let onTheLoop = Atomic(false)
        let queue = CheckQueue(budget: 1 << 20, width: 1, localLimit: 1_000) { check in
            taken.add(1, ordering: .relaxed)
            onTheLoop.store(true, ordering: .relaxed)
            check()
            onTheLoop.store(false, ordering: .relaxed)
            return true
        }
        let ranOnTheLoop = Mutex<[Bool]>([])
        let record: @Sendable () -> Void = { ranOnTheLoop.withLock { $0.append(onTheLoop.load(ordering: .relaxed)) } }
        #expect(queue.submit(bytes: 1_000, record))
        #expect(queue.submit(bytes: 1_001, record))
        try await Self.waitUntil { ranOnTheLoop.withLock { $0.count } == 2 }
        #expect(taken.load(ordering: .relaxed) == 1)
        #expect(ranOnTheLoop.withLock { $0 } == [true, false])
        try await Self.waitUntil { queue.busyWorkers == 0 }
    }

    /// A check holds its exchange's bodies; once it has run, the list must not keep them, or
    /// the memory the budget no longer counts grows with the checks run since the list was
    /// last compacted.
    @Test(.timeLimit(.minutes(1))) func aCheckThatRanKeepsNothingOfItsExchange() async throws {
        let freed = Freed()
        let queue = CheckQueue(budget: 1 << 20, width: 1)
        let ran = Atomic<Int>(0)
        for _ in 0..<3 {
            let held = Held(freed)
            let check: @Sendable () -> Void = {
                _ = held
                ran.add(1, ordering: .relaxed)
            }
            #expect(queue.submit(bytes: 10, check))
        }
        try await Self.waitUntil { ran.load(ordering: .relaxed) == 3 && queue.busyWorkers == 0 }
        #expect(freed.count.load(ordering: .relaxed) == 3)
    }

    /// A paged list's pages are judged in the order they came: ordered checks past the local
    /// limit run one at a time, in order, though the workers are two; and an ordered check small
    /// enough for the loop waits behind them instead of overtaking them there.
    @Test(.timeLimit(.minutes(1))) func orderedChecksRunOneAtATimeInTheOrderTheyCame() async throws {
        let taken = Atomic<Int>(0)
        let queue = CheckQueue(budget: 1 << 20, width: 2, localLimit: 1_000) { check in
            taken.add(1, ordering: .relaxed)
            check()
            return true
        }
        let gate = DispatchSemaphore(value: 0)
        var opened = false
        defer { if !opened { gate.signal() } }
        let ran = Mutex<[String]>([])
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        // How many pages are checked at once; the check that is not ordered is not counted.
        func check(_ name: String, waits: Bool = false) -> @Sendable () -> Void {
            {
                let page = name.hasPrefix("page")
                if page { most.max(running.add(1, ordering: .relaxed).newValue, ordering: .relaxed) }
                if waits { gate.wait() }
                ran.withLock { $0.append(name) }
                if page { running.subtract(1, ordering: .relaxed) }
            }
        }
        #expect(queue.submit(bytes: 2_000, ordered: true, check("page 1", waits: true)))
        try await Self.waitUntil { running.load(ordering: .relaxed) == 1 }
        #expect(queue.submit(bytes: 2_000, ordered: true, check("page 2")))
        #expect(queue.submit(bytes: 10, ordered: true, check("page 3")))
        // Not ordered: the loop takes it, as before.
        #expect(queue.submit(bytes: 10, check("other")))
        #expect(taken.load(ordering: .relaxed) == 1)
        #expect(ran.withLock { $0 } == ["other"])
        gate.signal()
        opened = true
        try await Self.waitUntil { ran.withLock { $0.count } == 4 }
        #expect(ran.withLock { $0 } == ["other", "page 1", "page 2", "page 3"])
        #expect(most.load(ordering: .relaxed) == 1)
        try await Self.waitUntil { queue.busyWorkers == 0 }
        // With none waiting, a small ordered check runs on the loop again.
        #expect(queue.submit(bytes: 10, ordered: true, check("page 4")))
        #expect(taken.load(ordering: .relaxed) == 2)
    }

    @Test(.timeLimit(.minutes(1))) func checksAfterTheWorkersWentIdleStillRun() async throws {
        let queue = CheckQueue(budget: 1 << 20, width: 2)
        let ran = Atomic<Int>(0)
        #expect(queue.submit(bytes: 10) { ran.add(1, ordering: .relaxed) })
        try await Self.waitUntil { ran.load(ordering: .relaxed) == 1 && queue.busyWorkers == 0 }
        #expect(queue.submit(bytes: 10) { ran.add(1, ordering: .relaxed) })
        try await Self.waitUntil { ran.load(ordering: .relaxed) == 2 }
        try await Self.waitUntil { queue.busyWorkers == 0 }
    }

    @Test(.timeLimit(.minutes(1))) func noMoreWorkersThanTheWidth() async throws {
        let queue = CheckQueue(budget: 1 << 20, width: 2)
        let gate = DispatchSemaphore(value: 0)
        var opened = false
        // Opened on every way out, so that no check is left holding a thread.
        defer { if !opened { for _ in 0..<8 { gate.signal() } } }
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        for _ in 0..<8 {
            #expect(
                queue.submit(bytes: 1) {
                    let now = running.add(1, ordering: .relaxed).newValue
                    most.max(now, ordering: .relaxed)
                    gate.wait()
                    running.subtract(1, ordering: .relaxed)
                    done.add(1, ordering: .relaxed)
                })
        }
        try await Self.waitUntil { running.load(ordering: .relaxed) == 2 }
        #expect(queue.busyWorkers == 2)
        for _ in 0..<8 { gate.signal() }
        opened = true
        try await Self.waitUntil { done.load(ordering: .relaxed) == 8 }
        #expect(most.load(ordering: .relaxed) == 2)
    }

    @Test func pastTheBudgetAnExchangeGoesUnchecked() {
        let queue = CheckQueue(budget: 100, width: 1)
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        #expect(queue.submit(bytes: 60) { gate.wait() })
        #expect(!queue.submit(bytes: 60) {})
        #expect(queue.droppedCount == 1)
    }
}

/// Counts the `Held` let go.
private final class Freed: Sendable {
    let count = Atomic<Int>(0)
}

/// What a check keeps of its exchange, counted when let go.
private final class Held: Sendable {
    let freed: Freed
    init(_ freed: Freed) { self.freed = freed }
    deinit { freed.count.add(1, ordering: .relaxed) }
}
