import APICheck

/// The declared session lifecycle's state in serve: every token it issued or accepts and where
/// each stands, what the API promises each state, and what serve says on start about the tokens
/// it accepts. `MockServer+Auth` reads and changes it; the admin API expires and resets it.
struct EmulatedAuth: Sendable {
    /// Every token serve issued or accepts, and where each stands.
    let tokens: TokenStore
    /// What the API promises each token state.
    let lifecycle: TokenLifecycle
    /// What to say on start about the tokens serve accepts; empty when there is nothing to say.
    let notes: [String]
    /// The token issued beforehand that the environment holds, when the API takes it as the whole
    /// `Authorization` value (`Bearer KEY` in the variable): its scheme word is matched ignoring
    /// case, as HTTP compares auth schemes (RFC 9110 11.1), which the placement cannot do alone.
    let wholeAuthorization: String?

    init(api: API, options: MockServerOptions) {
        tokens = TokenStore(api: api, now: options.now)
        lifecycle = api.tokenLifecycle
        notes = options.stateless ? [] : Self.acceptIssuedBeforehand(api: api, options: options, into: tokens)
        if api.auth.isIssuedBeforehand, case let .header(name, prefix) = api.auth.placement, prefix.isEmpty,
            name.lowercased() == "authorization"
        {
            wholeAuthorization = api.auth.tokenIssuedBeforehand(in: options.credentials)
        } else {
            wholeAuthorization = nil
        }
    }

    /// `token` as the `Authorization` value issued beforehand is spelled, when it is that value
    /// with its scheme word in another case (`bearer KEY` for `Bearer KEY`); else `token`.
    func spelledAsIssued(_ token: String) -> String {
        guard let issued = wholeAuthorization, token != issued, let space = token.firstIndex(of: " "),
            let issuedSpace = issued.firstIndex(of: " "),
            token[..<space].lowercased() == issued[..<issuedSpace].lowercased(), token[space...] == issued[issuedSpace...]
        else { return token }
        return issued
    }

    /// Accepts the API's token issued beforehand: the one its variable (or, for Basic, its
    /// account and password variables) holds, else one serve makes up and says, never any token
    /// silently. Returns what to say on start.
    private static func acceptIssuedBeforehand(api: API, options: MockServerOptions, into tokens: TokenStore) -> [String] {
        guard api.auth.isIssuedBeforehand else { return [] }
        if let token = api.auth.tokenIssuedBeforehand(in: options.credentials) {
            tokens.acceptBeforehand(token)
            return []
        }
        if api.auth.placement == .basic {
            let account = options.credentials[api.auth.accountVariable] ?? "apicheck"
            let password = "serve-" + String(TokenStore.randomHex().prefix(16))
            tokens.acceptBeforehand(AuthPolicy.basicCredentials(account: account, password: password))
            return [
                "\(api.auth.accountVariable) and \(api.auth.passwordVariable) are not both set: serve accepts only the account "
                    + "'\(account)' with the password '\(password)', made up for this run "
                    + "(export both before starting serve to choose them)"
            ]
        }
        let token = "srv" + TokenStore.randomHex()
        tokens.acceptBeforehand(token)
        return [
            "\(api.auth.tokenVariable ?? "") is not set: serve accepts only the token '\(token)', made up for this run "
                + "(export \(api.auth.tokenVariable ?? "") before starting serve to choose it)"
        ]
    }
}
