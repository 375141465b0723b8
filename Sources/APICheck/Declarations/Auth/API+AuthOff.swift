extension API {
    /// The API as a server run with its auth off serves it (`AuthPolicy.off(when:)`): no login
    /// policy, no endpoint needing a token, so nothing sends one and no probe is planned. The
    /// endpoints, their mocks and scenarios stay as declared; the policy keeps the variable, so
    /// the mocks of a token's answers (`@expired`) are kept for the server run with it on.
    public var withAuthOff: API {
        var api = self
        api.auth = .noLogin
        api.auth.offVariable = auth.offVariable
        // A CSRF check is the framework's, not the auth's: a server without auth keeps it.
        api.auth.csrf = auth.csrf
        api.endpoints = endpoints.map(\.withoutToken)
        return api
    }
}
