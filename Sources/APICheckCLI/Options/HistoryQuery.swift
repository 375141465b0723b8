/// What `history` is asked: a closed set, each a question the store answers.
enum HistoryQuery: String, CaseIterable, Sendable {
    /// The last N runs with their verdicts.
    case runs
    /// Endpoints whose verdict flipped at least twice in the last N runs.
    case flaky
    /// Each finding of the newest run, and the run it first appeared in.
    case firstSeen = "first-seen"
    /// p50/p95 total time per endpoint over the last N runs, beside the N before.
    case latency
    /// Each mock's age since a live answer last matched it.
    case mockAge = "mock-age"
    /// Per-endpoint pass rate over the last N runs.
    case passRate = "pass-rate"
    /// Removes runs older than --keep.
    case prune

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
