extension API {
    /// Whether the API declares an answer for a dead token (`expired` mocks are then required).
    var declaresDeadTokenAnswer: Bool {
        !expired.isEmpty || !(envelope?.expiredHTTPStatuses.isEmpty ?? true) || !(envelope?.expiredCodes.isEmpty ?? true)
    }

    /// Whether the API declares a forced-logout signal (`logout` mocks are then required).
    var declaresForcedLogout: Bool { !logout.isEmpty || !(envelope?.logoutCodes.isEmpty ?? true) }

    /// Every mock file name an endpoint needs: the success one, its declared scenarios, and for an
    /// endpoint that sends the token the variants of the answers the API promises, and only those.
    public func requiredMockNames(of endpoint: AnyEndpoint) -> [String] {
        var names = [endpoint.mock]
        names += endpoint.scenarios.map { "\(endpoint.mock)@\($0)" }
        if endpoint.requiresToken {
            if declaresForcedLogout { names.append("\(endpoint.mock)@\(MockScenario.logout)") }
            if declaresDeadTokenAnswer { names.append("\(endpoint.mock)@\(MockScenario.expired)") }
        }
        return names
    }
}
