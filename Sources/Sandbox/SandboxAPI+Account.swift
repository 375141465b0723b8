import Foundation

extension SandboxAPI {
    /// `Account/login` and `auth/login`: both issue a token and revoke the account's earlier ones.
    func login(_ parameters: RequestParameters) throws(SandboxFailure) -> User {
        let name = try parameters.bodyString("account", required: true)!
        let password = try parameters.bodyString("password", required: true)!
        let now = configuration.now()
        let ttl = configuration.tokenTTL
        let revoke = !configuration.faults.contains(.noRevocation)
        let issued = state.withLock { state -> (AccountStore.Account, String)? in
            guard let account = state.accounts.authenticate(name, password: password) else { return nil }
            return (account, state.tokens.issue(for: account.name, at: now, ttl: ttl, revokeEarlier: revoke))
        }
        guard let (account, token) = issued else { throw .wrongCredentials }
        return user(account, token: token)
    }

    /// `Account/register`: creates the account and logs it in.
    func register(_ parameters: RequestParameters) throws(SandboxFailure) -> User {
        let name = try parameters.bodyString("account", required: true)!
        guard !name.isEmpty else { throw .invalidParameter("account") }
        let password = try parameters.bodyString("password", required: true)!
        guard password.count >= 6 else { throw .invalidParameter("password") }
        let mail = try parameters.bodyString("mail", required: false)
        let now = configuration.now()
        let ttl = configuration.tokenTTL
        let created = state.withLock { state -> (AccountStore.Account, String)? in
            guard let account = state.accounts.register(name, password: password, mail: mail) else { return nil }
            return (account, state.tokens.issue(for: account.name, at: now, ttl: ttl, revokeEarlier: true))
        }
        guard let (account, token) = created else { throw .accountExists }
        return user(account, token: token)
    }

    /// `Account/logout`: the token is ended; the caller was already checked.
    func logout(_ token: String?) -> SandboxJSON {
        if let token { state.withLock { $0.tokens.end(token) } }
        return .null
    }

    private func user(_ account: AccountStore.Account, token: String) -> User {
        User(
            uid: account.uid, userName: account.name, mail: account.mail, utoken: token,
            expiresIn: Int(configuration.tokenTTL.rounded(.up)))
    }
}
