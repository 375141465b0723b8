/// How a login endpoint receives the account and password.
///
/// Most logins take them as parameters or body inputs whose samples name the credential variables
/// (`.environment("APICHECK_ACCOUNT", ...)`). Token endpoints in the OAuth 2 client-credentials
/// style, container registries and many internal gateways take them as HTTP Basic credentials
/// instead and answer a token that later requests carry as the policy's placement says.
public enum LoginCredentials: Sendable, Equatable {
    /// The login's parameters or body inputs carry them, each sampled from its variable.
    case parameters
    /// The login request carries `Authorization: Basic base64(account:password)`, made from the
    /// account and password variables; its parameters need not name them.
    case basic
}
