/// Hands each event to every observer of a run, in the order they were given.
struct LiveRunObservers: LiveRunObserver {
    let all: [any LiveRunObserver]

    var tracesRequests: Bool { all.contains { $0.tracesRequests } }
    func runStarted(results: Int) { for observer in all { observer.runStarted(results: results) } }
    func traced(_ line: String) { for observer in all where observer.tracesRequests { observer.traced(line) } }
    func received(_ exchange: LiveExchange) { for observer in all { observer.received(exchange) } }
    func resultReady(_ result: CheckResult) { for observer in all { observer.resultReady(result) } }
}
