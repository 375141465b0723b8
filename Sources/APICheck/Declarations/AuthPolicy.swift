/// How the API authenticates: which endpoint logs in, where its payload keeps the token, how the
/// token travels, and where credentials come from (environment variables, never flags).
///
/// An API without login declares `AuthPolicy.noLogin` (the default of `API(auth:)`): its endpoints
/// need no token, and live runs need no credentials.
public struct AuthPolicy: Sendable, Equatable {
    public enum Placement: Sendable, Equatable {
        /// `?access_token=...` on every request, whatever the method.
        case query(String)
        /// A header, e.g. `Authorization: Bearer <token>`: name and the text before the token.
        case header(String, prefix: String)

        public static let bearer = Placement.header("Authorization", prefix: "Bearer ")
    }

    /// The endpoint id that logs in; nil for an API without login.
    public var loginEndpoint: String?
    /// The payload field holding the token (`utoken`); nil when the payload is the token itself.
    public var tokenField: String?
    public var placement: Placement
    /// The environment variables holding the account and password. The login endpoint's parameters
    /// name them in their samples (`.environment("APICHECK_ACCOUNT", ...)`); `API.problems` checks
    /// that they do, so the two cannot drift apart.
    public var accountVariable: String
    public var passwordVariable: String
    /// The server's promise that a new login of an account revokes the account's earlier tokens
    /// (the demo's does; most multi-device and OAuth servers keep them valid side by side). Only
    /// then does `apicheck live` probe a token after a second login, and `serve` revoke it.
    public var revokesEarlierTokens: Bool

    /// No login, no token: every endpoint of the API is called without one.
    public static let noLogin = AuthPolicy(loginEndpoint: nil, tokenField: nil, placement: .bearer)

    public init(loginEndpoint: String?, tokenField: String?, placement: Placement,
                accountVariable: String = "APICHECK_ACCOUNT", passwordVariable: String = "APICHECK_PASSWORD",
                revokesEarlierTokens: Bool = false) {
        self.revokesEarlierTokens = revokesEarlierTokens
        self.loginEndpoint = loginEndpoint
        self.tokenField = tokenField
        self.placement = placement
        self.accountVariable = accountVariable
        self.passwordVariable = passwordVariable
    }

    /// The token in a login answer's payload. `tokenField` may be a dotted path into nested
    /// objects (`session.token`).
    public func token(in payload: JSONValue) -> String? {
        // A payload that is itself a string is the token (`auth/login`), whatever the field says.
        if case let .string(token) = payload { return token }
        guard let tokenField else { return nil }
        var value: JSONValue? = payload
        for key in tokenField.split(separator: ".") { value = value?[String(key)] }
        return value?.stringValue
    }

    /// Whether the endpoint sends the account's credentials (a way to log in as the account).
    public func usesCredentials(_ endpoint: AnyEndpoint) -> Bool {
        guard loginEndpoint != nil else { return false }
        return endpoint.sampledValues.contains { parameter in
            if case let .environment(name, _)? = parameter.sample { return name == accountVariable || name == passwordVariable }
            return false
        }
    }
}
