extension LiveCheck {
    /// Whether a probe's answer is the one its promise declares.
    func admits(_ probe: AuthProbe, _ classification: Classification, _ exchange: Exchange) -> Bool {
        guard let promise = probe.promise(api) else { return false }
        let code = api.endpoint(exchange.request.endpointID ?? "").flatMap { endpoint in
            (try? JSONParser.parse(exchange.response.body)).flatMap { api.rules(for: endpoint).failureCode(in: $0) }
        }
        return AuthProbe.admits(promise, classification, status: exchange.response.status, code: code)
    }

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
            let promise = probe.promise(api) ?? .deadToken
            role = .probe(probe, expected: AuthProbe.expected(promise, api),
                          accepted: classification.map { admits(probe, $0, exchange) } ?? false)
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
