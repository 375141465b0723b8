extension API {
    /// Whether the API declares an answer for a dead token, by HTTP status and/or code (`expired`
    /// mocks are then required of the endpoints that send the token).
    func declaresDeadTokenAnswer(_ endpoint: AnyEndpoint) -> Bool {
        let rules = rules(for: endpoint)
        return !rules.expired.isEmpty || !(rules.envelope?.expiredCodes.isEmpty ?? true)
    }

    /// Whether the API declares a dead-token answer at all, for any endpoint.
    var declaresDeadTokenAnswer: Bool {
        !expired.isEmpty || !(envelope?.expiredHTTPStatuses.isEmpty ?? true) || !(envelope?.expiredCodes.isEmpty ?? true)
            || endpoints.contains { $0.requiresToken && declaresDeadTokenAnswer($0) }
    }

    /// Whether the API declares a forced-logout signal (`logout` mocks are then required).
    func declaresForcedLogout(_ endpoint: AnyEndpoint) -> Bool {
        let rules = rules(for: endpoint)
        return !rules.forcedLogout.isEmpty || !(rules.envelope?.logoutCodes.isEmpty ?? true)
    }

    /// Whether the token's variant `scenario` (`expired`, `logout`) of `endpoint` is told by its
    /// status alone (`expired: [.status(401)]`): no code of it to show, so its mock may be empty,
    /// as `record` writes it for a server whose refusal is not JSON (an HTML 401).
    public func isToldByStatus(_ scenario: ScenarioName, of endpoint: AnyEndpoint) -> Bool {
        let rules = rules(for: endpoint)
        let (signals, codes): ([AnswerSignal], Set<EnvelopeCode>) =
            switch scenario {
            case ScenarioName.expired: (rules.expired, rules.envelope?.expiredCodes ?? [])
            case ScenarioName.logout: (rules.forcedLogout, rules.envelope?.logoutCodes ?? [])
            default: ([], [])
            }
        return !signals.isEmpty && codes.isEmpty && signals.allSatisfy { $0.code == nil }
    }

    /// Every mock file name an endpoint needs: the success one, its declared scenarios, and for an
    /// endpoint that sends the token the variants of the answers the API promises, and only those;
    /// for the refresh endpoint, its refusal.
    public func requiredMockNames(of endpoint: AnyEndpoint) -> [String] {
        var names = [endpoint.mock]
        names += endpoint.scenarios.map { "\(endpoint.mock)@\($0)" }
        if endpoint.requiresToken {
            if declaresForcedLogout(endpoint) { names.append("\(endpoint.mock)@\(ScenarioName.logout)") }
            if declaresDeadTokenAnswer(endpoint) { names.append("\(endpoint.mock)@\(ScenarioName.expired)") }
        }
        // The refresh flow: the answer to a refresh token the server refuses, which sends the
        // app back to its login.
        if endpoint.sessionEffect == .refreshes, auth.refresh?.endpoint == endpoint.id {
            names.append("\(endpoint.mock)@\(ScenarioName.refused)")
        }
        return names
    }
}
