import Foundation

/// Runs a plan's steps, each as soon as the steps it needs are over, at most `concurrency` at a
/// time, in plan order among those ready. The transport may limit transfers too; this keeps the
/// promise whatever the transport.
///
/// It also notices a target that stopped answering. A request that timed out with no answer of
/// any kind since it was sent makes the target suspect: nothing new starts until the next
/// outcome. An answer clears the suspicion; such a timeout on a second endpoint means the target
/// stopped answering (one slow endpoint, probes of it included, is only one). Once the run stops
/// (for that, or because an outcome says it must), the steps in flight are cancelled and every
/// step left is skipped with the reason, so that the run ends in about one timeout instead of one
/// per endpoint.
struct PlanExecutor: Sendable {
    /// Runs one step, given the outcomes of the steps it names and the session login's.
    typealias Perform = @Sendable (_ step: LiveStep, _ outcomes: [LiveStep.ID: StepOutcome]) async -> StepOutcome
    /// Takes each outcome as it is kept, once per step (skipped ones included), raw exchange and
    /// all; the executor then drops the exchange.
    typealias Observe = @Sendable (_ step: LiveStep, _ outcome: StepOutcome) -> Void

    static let stalled = SkipReason.targetStopped

    let plan: LivePlan
    let concurrency: Int

    func run(perform: @escaping Perform, observe: @escaping Observe) async -> StepOutcomes {
        let steps = plan.steps
        let clock = ContinuousClock()
        // Worked out once, so that starting or ending a step costs what it names, not a scan of
        // the plan: each step's prerequisites, how many are not over yet, whom each holds back.
        let prerequisites = steps.map(\.prerequisites)
        var dependents = [[LiveStep.ID]](repeating: [], count: steps.count)
        for (id, needs) in prerequisites.enumerated() {
            for need in needs where steps.indices.contains(need) { dependents[need].append(id) }
        }
        return await withTaskGroup(of: (LiveStep.ID, StepOutcome, ContinuousClock.Instant).self) { group in
            var outcomes = StepOutcomes(steps: steps.count)
            // A prerequisite that names no step is never over: that step waits, as in a cycle.
            var pending = prerequisites.map(\.count)
            var ready = ReadySteps()
            for id in steps.indices where pending[id] == 0 { ready.insert(id) }
            var begun = [Bool](repeating: false, count: steps.count)
            var running = 0
            var started: [LiveStep.ID: ContinuousClock.Instant] = [:]
            var lastAnswer: ContinuousClock.Instant?
            var silentEndpoints: Set<String> = []
            var stopped: SkipReason?
            var stalled = false

            func keep(_ id: LiveStep.ID, _ outcome: StepOutcome) -> SkipReason? {
                observe(steps[id], outcome)
                var kept = outcome
                kept.exchange = nil
                outcomes[id] = kept
                for dependent in dependents[id] {
                    pending[dependent] -= 1
                    if pending[dependent] == 0 { ready.insert(dependent) }
                }
                return outcome.stopsRun
            }

            func skipped(_ id: LiveStep.ID, _ reason: SkipReason, stalled: Bool) -> StepOutcome {
                var skipped = StepOutcome.skipped(steps[id], reason, login: plan.login.flatMap { outcomes[$0]?.login })
                skipped.stalled = stalled
                return skipped
            }

            /// Skips, in plan order, every step not started yet.
            func skipWaiting(_ reason: SkipReason, stalled: Bool) {
                for id in steps.indices where !begun[id] {
                    begun[id] = true
                    _ = keep(id, skipped(id, reason, stalled: stalled))
                }
            }

            func startReady() {
                // A suspect target gets no new requests until the ones in flight tell more.
                if !silentEndpoints.isEmpty && running > 0 { return }
                while running < max(1, concurrency), let id = ready.popFirst() {
                    let step = steps[id]
                    begun[id] = true
                    // What the step may read: the outcomes of the steps it names, and the session
                    // login's (its verdict governs every step after it), nothing else.
                    var known: [LiveStep.ID: StepOutcome] = [:]
                    for need in prerequisites[id] { known[need] = outcomes[need] }
                    if let login = plan.login { known[login] = outcomes[login] }
                    running += 1
                    started[id] = clock.now
                    group.addTask { [known] in (id, await perform(step, known), clock.now) }
                }
            }

            startReady()
            while let (id, outcome, finished) = await group.next() {
                running -= 1
                if let stopped {
                    // Cancelled in flight when the run stopped: what it got says nothing, but
                    // an answer that came is still one the server gave.
                    var cancelled = skipped(id, stopped, stalled: stalled)
                    cancelled.exchange = outcome.exchange
                    _ = keep(id, cancelled)
                    continue
                }
                let stop = keep(id, outcome)
                if outcome.answered {
                    lastAnswer = finished
                    silentEndpoints = []
                } else if outcome.timedOut, let sent = started[id], lastAnswer.map({ $0 < sent }) ?? true {
                    silentEndpoints.insert(steps[id].endpoint.id)
                }
                stalled = stop == nil && silentEndpoints.count >= 2
                stopped = stop ?? (stalled ? Self.stalled : nil)
                if let stopped {
                    group.cancelAll()
                    skipWaiting(stopped, stalled: stalled)
                } else {
                    startReady()
                }
            }
            // A cycle in the plan would leave steps waiting forever; the plan never builds one.
            skipWaiting(.notChecked, stalled: false)
            return outcomes
        }
    }
}
