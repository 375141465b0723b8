extension API {
    /// Whether the API declares an answer for a dead token, by HTTP status and/or code (`expired`
    /// mocks are then required of the endpoints that send the token).
    func declaresDeadTokenAnswer(_ endpoint: AnyEndpoint) -> Bool {
        let rules = rules(for: endpoint)
        return !rules.expired.isEmpty || !(rules.envelope?.expiredCodes.isEmpty ?? true)
    }

    /// Whether the API declares a forced-logout signal (`logout` mocks are then required).
    func declaresForcedLogout(_ endpoint: AnyEndpoint) -> Bool {
        let rules = rules(for: endpoint)
        return !rules.logout.isEmpty || !(rules.envelope?.logoutCodes.isEmpty ?? true)
    }

    /// Every mock file name an endpoint needs: the success one, its declared scenarios, and for an
    /// endpoint that sends the token the variants of the answers the API promises, and only those.
    public func requiredMockNames(of endpoint: AnyEndpoint) -> [String] {
        var names = [endpoint.mock]
        names += endpoint.scenarios.map { "\(endpoint.mock)@\($0)" }
        if endpoint.requiresToken {
            if declaresForcedLogout(endpoint) { names.append("\(endpoint.mock)@\(MockScenario.logout)") }
            if declaresDeadTokenAnswer(endpoint) { names.append("\(endpoint.mock)@\(MockScenario.expired)") }
        }
        return names
    }
}
