import Foundation

/// Runs a plan's steps, each as soon as the steps it needs are over, at most `concurrency` at a
/// time, in plan order among those ready. The transport may limit transfers too; this keeps the
/// promise whatever the transport.
///
/// It also notices a target that stopped answering. A request that timed out with no answer of
/// any kind since it was sent makes the target suspect: nothing new starts until the next
/// outcome. An answer clears the suspicion; such a timeout on a second endpoint means the target
/// stopped answering (one slow endpoint, probes of it included, is only one). Once the run stops (for that, or for a reason `settle` gives), the steps in flight
/// are cancelled and every step left is skipped with the reason, so that the run ends in about
/// one timeout instead of one per endpoint.
struct PlanExecutor: Sendable {
    typealias Perform = @Sendable (_ step: LiveStep, _ outcomes: [LiveStep.ID: StepOutcome]) async -> StepOutcome
    typealias Skip = @Sendable (_ step: LiveStep, _ reason: String) -> StepOutcome
    /// Takes each outcome as it is kept (once per step, skipped ones included) and returns it
    /// finished; a reason it returns stops the run.
    typealias Settle = @Sendable (_ step: LiveStep, _ outcome: StepOutcome) -> (StepOutcome, stop: String?)

    static let stalled = "the target stopped answering"

    let plan: LivePlan
    let concurrency: Int

    func run(perform: @escaping Perform, skip: @escaping Skip, settle: @escaping Settle) async -> [LiveStep.ID: StepOutcome] {
        let steps = plan.steps
        let clock = ContinuousClock()
        return await withTaskGroup(of: (LiveStep.ID, StepOutcome, ContinuousClock.Instant).self) { group in
            var outcomes: [LiveStep.ID: StepOutcome] = [:]
            var waiting = steps.map(\.id)
            var running = 0
            var started: [LiveStep.ID: ContinuousClock.Instant] = [:]
            var lastAnswer: ContinuousClock.Instant?
            var silentEndpoints: Set<String> = []
            var stopped: String?
            var stalled = false

            func keep(_ id: LiveStep.ID, _ outcome: StepOutcome) -> String? {
                let (settled, stop) = settle(steps[id], outcome)
                outcomes[id] = settled
                return stop
            }

            func startReady() {
                // A suspect target gets no new requests until the ones in flight tell more.
                if !silentEndpoints.isEmpty && running > 0 { return }
                while running < max(1, concurrency),
                      let index = waiting.firstIndex(where: { steps[$0].prerequisites.allSatisfy { outcomes[$0] != nil } }) {
                    let step = steps[waiting.remove(at: index)]
                    // What the step may read: the outcomes of the steps it names, nothing else.
                    let known = outcomes.filter { step.prerequisites.contains($0.key) }
                    running += 1
                    started[step.id] = clock.now
                    group.addTask { (step.id, await perform(step, known), clock.now) }
                }
            }

            startReady()
            while let (id, outcome, finished) = await group.next() {
                running -= 1
                if let stopped {
                    // Cancelled in flight when the run stopped: what it got says nothing.
                    var skipped = skip(steps[id], stopped)
                    skipped.stalled = stalled
                    _ = keep(id, skipped)
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
                    for waitingID in waiting {
                        var skipped = skip(steps[waitingID], stopped)
                        skipped.stalled = stalled
                        _ = keep(waitingID, skipped)
                    }
                    waiting.removeAll()
                } else {
                    startReady()
                }
            }
            // A cycle in the plan would leave steps waiting forever; the plan never builds one.
            for waitingID in waiting { _ = keep(waitingID, skip(steps[waitingID], "not checked")) }
            return outcomes
        }
    }
}
