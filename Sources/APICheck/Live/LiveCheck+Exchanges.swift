extension LiveCheck {
    /// Hands the step's raw exchange to the run's observer, and drops it from the outcome: the
    /// executor keeps outcomes for the whole run, and bodies can be large.
    func observed(_ step: LiveStep, _ outcome: StepOutcome) -> StepOutcome {
        var outcome = outcome
        let exchange = outcome.exchange, classification = outcome.classification
        outcome.exchange = nil
        outcome.classification = nil
        guard let exchanges, let exchange else { return outcome }
        let role: LiveExchange.Role
        switch step.action {
        case let .check(_, reported):
            role = .check(reported: reported)
        case let .probe(probe, _):
            role = .probe(probe, expected: probe.expected(api),
                          accepted: classification.map(probe.accepts) ?? false)
        case .paging:
            // The next page is the paging check's business; it is no mock of its own.
            return outcome
        }
        exchanges(LiveExchange(step: step.id, endpoint: step.endpoint, role: role, request: exchange.request,
                               response: exchange.response, classification: classification,
                               issuedToken: exchange.issuedToken, sentToken: exchange.sentToken))
        return outcome
    }
}
