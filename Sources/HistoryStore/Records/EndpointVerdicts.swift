/// One endpoint's (or probe's) verdicts over the last runs that checked it, oldest first: its
/// pass rate, and how often it flipped between passing and failing.
public struct EndpointVerdicts: Sendable, Equatable {
    public var name: String
    /// `ok`, `warn`, `FAIL`, `skip` per run, oldest first.
    public var statuses: [String]

    public init(name: String, statuses: [String]) {
        self.name = name
        self.statuses = statuses
    }

    /// Runs in which it was checked at all (not skipped).
    public var checked: Int { statuses.count { $0 != "skip" } }
    public var passed: Int { statuses.count { $0 == "ok" || $0 == "warn" } }
    public var failed: Int { statuses.count { $0 == "FAIL" } }

    /// Passed out of checked, 0...1; nil when it was never checked.
    public var passRate: Double? { checked == 0 ? nil : Double(passed) / Double(checked) }

    /// Changes between passing and failing, skipped runs left out.
    public var flips: Int {
        let outcomes = statuses.filter { $0 != "skip" }.map { $0 != "FAIL" }
        return zip(outcomes, outcomes.dropFirst()).count { $0 != $1 }
    }

    /// Flaky: flipped at least twice (failed and recovered, or the reverse, and again).
    public var isFlaky: Bool { flips >= 2 }
}
