/// Watches a live run: one protocol for every feature that follows a run as it goes (the
/// console's progress line and trace, `apicheck record`'s answers), instead of one closure each.
/// Every event has a default that does nothing, so an observer implements only those it needs.
/// Events come from the run's tasks, some concurrently: an observer guards its own state.
public protocol LiveRunObserver: Sendable {
    /// Whether the observer reads `traced`: the trace costs formatting per request, so it is made
    /// only when some observer wants it.
    var tracesRequests: Bool { get }

    /// The run is planned: at most `results` results will be reported as their steps end (a step
    /// whose endpoint was not checked, or paging over a mock, yields none).
    func runStarted(results: Int)

    /// One line of the request and answer trace, secrets masked, as each request goes out and
    /// each answer comes in.
    func traced(_ line: String)

    /// An answer the run received, raw, as its step ended; in no particular order (steps run
    /// concurrently), each with its step's place in the plan.
    func received(_ exchange: LiveExchange)

    /// A result is final (skipped ones included): once per result the report will hold.
    func resultReady(_ result: CheckResult)
}

extension LiveRunObserver {
    public var tracesRequests: Bool { false }
    public func runStarted(results: Int) {}
    public func traced(_ line: String) {}
    public func received(_ exchange: LiveExchange) {}
    public func resultReady(_ result: CheckResult) {}
}
