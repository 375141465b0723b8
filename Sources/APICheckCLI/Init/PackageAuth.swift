/// How the calls of a package `apicheck init` writes prove who they are. Everything that differs
/// between the kinds is here, as `PackageTemplate` holds what differs between answer shapes.
enum PackageAuth: String, CaseIterable, Sendable {
    /// A login endpoint (`session.create`) takes the account and password and answers a token
    /// that later calls send as `Authorization: Bearer`.
    case login
    /// HTTP Basic: the account and password travel with every call that needs them (MLflow's
    /// basic-auth app, Kinto's accounts); there is no login.
    case basic

    /// The declaration's `auth:` argument.
    func declaration(_ settings: PackageSettings) -> String {
        switch self {
        case .login:
            """
            auth: AuthPolicy(loginEndpoint: "session.create", tokenField: "token", placement: .bearer,
                                     accountVariable: "\(settings.accountVariable)", passwordVariable: "\(settings.passwordVariable)"),
            """
        case .basic:
            """
            auth: .basic(accountVariable: "\(settings.accountVariable)", passwordVariable: "\(settings.passwordVariable)"),
            """
        }
    }

    /// What the README says of the credentials, wrapped as the rest of it is.
    func readmeDescription(_ settings: PackageSettings) -> String {
        let account = settings.accountVariable, password = settings.passwordVariable
        switch self {
        case .login:
            return """
                The token travels as `Authorization: Bearer`. `serve` accepts any account and hands out a
                fresh token; `live` needs the account in `\(account)` and `\(password)` (never in flags).
                """
        case .basic:
            return """
                Calls that need credentials send the account in `\(account)` and the password in
                `\(password)` as HTTP Basic (never in flags); there is no login. `serve` accepts exactly that
                pair, from the same variables (unset, it makes up a password and prints it), and answers
                any other 401 with `WWW-Authenticate: Basic`.
                """
        }
    }
}
