/// The outcomes of a run's steps so far, by step id: one slot per step of the plan, laid out once.
/// A dictionary keyed by step id would cost a hash per lookup and more room than the slots (a hash
/// table is kept partly empty); the ids are the plan's positions already.
struct StepOutcomes: Sendable {
    private var slots: [StepOutcome?]
    /// How many steps have an outcome.
    private(set) var count = 0

    init(steps: Int) {
        slots = [StepOutcome?](repeating: nil, count: steps)
    }

    /// The step's outcome, nil while it has none (or for an id that names no step).
    subscript(id: LiveStep.ID) -> StepOutcome? {
        get { slots.indices.contains(id) ? slots[id] : nil }
        set {
            guard slots.indices.contains(id) else { return }
            count += (newValue == nil ? 0 : 1) - (slots[id] == nil ? 0 : 1)
            slots[id] = newValue
        }
    }

    /// The step's result, without a copy of the rest of its outcome.
    func result(of id: LiveStep.ID) -> CheckResult? {
        slots.indices.contains(id) ? slots[id]?.result : nil
    }

    /// The outcomes there are, in plan order.
    var values: some Sequence<StepOutcome> { slots.lazy.compactMap { $0 } }
}
