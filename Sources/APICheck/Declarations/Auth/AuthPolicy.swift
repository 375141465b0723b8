import Foundation

/// How the API authenticates and what its server promises about tokens: which endpoint logs in (or
/// which environment variable holds a token issued beforehand), where the answer keeps the token,
/// how the token travels, where credentials come from (environment variables, never flags), and
/// each promise a probe checks. Nothing is promised by default: an API declares what its server
/// does, and `apicheck live` probes exactly that.
///
/// ```swift
/// AuthPolicy(loginEndpoint: "auth.login", tokenField: "access_token", placement: .bearer,
///            missingToken: .signals([.status(401, code: "M_MISSING_TOKEN")]),
///            loggedOutToken: .deadToken,
///            refresh: RefreshPolicy(endpoint: "auth.refresh", rotates: true))
/// AuthPolicy.preIssued(variable: "METRICS_TOKEN", placement: .scheme("token"))
/// ```
/// The dead-token answer and the forced-logout signal are the API's (`API.expired`, `API.forcedLogout`,
/// the envelope's codes): every endpoint's answers classify by them. The logout endpoint is the
/// one declared `sessionEffect: .logsOut`; `loggedOutToken` is what the token it ended gets.
///
/// An API without login declares `AuthPolicy.noLogin` (the default of `API(auth:)`): its endpoints
/// need no token, and live runs need no credentials.
public struct AuthPolicy: Sendable, Equatable {
    public enum Placement: Sendable, Equatable {
        /// `?access_token=...` on every request, whatever the method.
        case query(String)
        /// A header, e.g. `Authorization: Bearer <token>`: name and the text before the token.
        case header(String, prefix: String)
        /// A session cookie the login sets (`Set-Cookie: session=<token>; HttpOnly`), sent back as
        /// `Cookie: session=<token>`. The login's payload need not hold the token.
        case cookie(String)
        /// HTTP Basic credentials, `Authorization: Basic base64(account:password)`, made from the
        /// account and password variables (`AuthPolicy.basic`): the token is the encoded pair.
        case basic

        public static let bearer = Placement.header("Authorization", prefix: "Bearer ")

        /// `Authorization: <scheme> <token>`, for any scheme: `.scheme("token")`, `.scheme("Bot")`.
        public static func scheme(_ scheme: String) -> Placement { .header("Authorization", prefix: scheme + " ") }

        /// The header or query parameter name that carries the token, which never prints.
        public var name: String {
            switch self {
            case let .query(name), let .header(name, _), let .cookie(name): name
            case .basic: "Authorization"
            }
        }
    }

    /// The endpoint id that logs in; nil for an API without login, or whose token is issued
    /// beforehand (`tokenVariable`).
    public var loginEndpoint: String?
    /// The payload field holding the token (`utoken`); nil when the payload is the token itself,
    /// or the token is a session cookie.
    public var tokenField: String?
    public var placement: Placement
    /// The environment variables holding the account and password. The login endpoint's parameters
    /// name them in their samples (`.environment("APICHECK_ACCOUNT", ...)`); `API.problems` checks
    /// that they do, so the two cannot drift apart.
    public var accountVariable: String
    public var passwordVariable: String
    /// The environment variable holding a token or API key issued beforehand, for an API with no
    /// login endpoint: live runs send it; the run never logs it out (it did not open it).
    public var tokenVariable: String?
    /// The server's promise that a new login of an account revokes the account's earlier tokens
    /// (the demo's does; most multi-device and OAuth servers keep them valid side by side). Only
    /// then does `apicheck live` probe a token after a second login, and `serve` revoke it.
    public var revokesEarlierTokens: Bool
    /// What a token revoked by a second login gets, where logins revoke earlier tokens.
    public var revokedToken: TokenAnswer
    /// What a request without any token gets from an endpoint that needs one; nil when the API
    /// promises nothing (no probe).
    public var missingToken: TokenAnswer?
    /// What a token the logout endpoint ended gets; nil when the API promises nothing (no
    /// logged-out probe; the run still logs out the sessions it opened).
    public var loggedOutToken: TokenAnswer?
    /// How an access token is refreshed; nil when the API has no refresh tokens.
    public var refresh: RefreshPolicy?
    /// Probes the API opts out of everywhere (`[.missingToken]`); `--probes` can narrow further.
    public var skippedProbes: Set<AuthProbe>
    /// The token the dead-token probes send: by default shaped like the real one, letters only.
    public var probeToken: ProbeToken
    /// How the login endpoint receives the account and password: as its parameters (the default)
    /// or as HTTP Basic credentials. The token it answers travels as `placement` says.
    public var loginCredentials: LoginCredentials
    /// The environment variable that turns the auth off, for a server that runs with or without
    /// it (`off(when:)`); nil when the auth is always on.
    public var offVariable: String?
    /// The CSRF token unsafe requests carry (`requiringCSRF(_:)`); nil when the server asks none.
    public var csrf: CSRFPolicy?

    /// No login, no token: every endpoint of the API is called without one.
    public static let noLogin = AuthPolicy(loginEndpoint: nil, tokenField: nil, placement: .bearer)

    public init(
        loginEndpoint: String?, tokenField: String?, placement: Placement,
        accountVariable: String = "APICHECK_ACCOUNT", passwordVariable: String = "APICHECK_PASSWORD",
        revokesEarlierTokens: Bool = false, revokedToken: TokenAnswer = .forcedLogout,
        missingToken: TokenAnswer? = nil, loggedOutToken: TokenAnswer? = nil, refresh: RefreshPolicy? = nil,
        tokenVariable: String? = nil, skippedProbes: Set<AuthProbe> = [], probeToken: ProbeToken = .shaped,
        loginCredentials: LoginCredentials = .parameters
    ) {
        self.loginCredentials = loginCredentials
        self.revokesEarlierTokens = revokesEarlierTokens
        self.loginEndpoint = loginEndpoint
        self.tokenField = tokenField
        self.placement = placement
        self.accountVariable = accountVariable
        self.passwordVariable = passwordVariable
        self.revokedToken = revokedToken
        self.missingToken = missingToken
        self.loggedOutToken = loggedOutToken
        self.refresh = refresh
        self.tokenVariable = tokenVariable
        self.skippedProbes = skippedProbes
        self.probeToken = probeToken
    }

    /// The same auth, off when `variable` says so (`off`, `false`, `no` or `0`, in any case): one
    /// declaration for a server run with a token or without. Unset, or any other value, leaves it
    /// on, so a token forgotten is a refused run, never probes skipped unasked.
    public func off(when variable: String) -> AuthPolicy {
        var policy = self
        policy.offVariable = variable
        return policy
    }

    /// The same auth, with the CSRF token the server requires on unsafe requests: where it comes
    /// from and the header that carries it (`CSRFPolicy`). An API without login takes one too
    /// (`AuthPolicy.noLogin.requiringCSRF(...)`): Django checks anonymous writes as well.
    public func requiringCSRF(_ policy: CSRFPolicy) -> AuthPolicy {
        var auth = self
        auth.csrf = policy
        return auth
    }

    /// Whether the environment turns the auth off.
    public func isOff(in environment: [String: String]) -> Bool {
        guard let variable = offVariable, let value = environment[variable] else { return false }
        return Self.offValues.contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    static let offValues: Set<String> = ["off", "false", "no", "0"]

    /// A token or API key issued beforehand, read from `variable`: no login endpoint, nothing to
    /// log out. Probes still check the dead-token answer and, when declared, the missing-token one.
    public static func preIssued(
        variable: String, placement: Placement, missingToken: TokenAnswer? = nil,
        skippedProbes: Set<AuthProbe> = [], probeToken: ProbeToken = .shaped
    ) -> AuthPolicy {
        AuthPolicy(
            loginEndpoint: nil, tokenField: nil, placement: placement, missingToken: missingToken,
            tokenVariable: variable, skippedProbes: skippedProbes, probeToken: probeToken)
    }

    /// HTTP Basic credentials from the account and password variables, sent on every endpoint
    /// that needs auth: no login, nothing to log out. The dead-token probe sends the account with
    /// a wrong password and expects the dead-token answer (usually HTTP 401).
    public static func basic(
        accountVariable: String = "APICHECK_ACCOUNT", passwordVariable: String = "APICHECK_PASSWORD",
        missingToken: TokenAnswer? = nil, skippedProbes: Set<AuthProbe> = []
    ) -> AuthPolicy {
        AuthPolicy(
            loginEndpoint: nil, tokenField: nil, placement: .basic, accountVariable: accountVariable,
            passwordVariable: passwordVariable, missingToken: missingToken, skippedProbes: skippedProbes)
    }

    /// Whether the API's endpoints can get a token at all: from a login, issued beforehand, or
    /// Basic credentials.
    public var hasToken: Bool { loginEndpoint != nil || tokenVariable != nil || placement == .basic }

    /// Whether the session's token is issued beforehand (a variable's token, Basic credentials)
    /// rather than by a login: the run never logs it out.
    public var isIssuedBeforehand: Bool { loginEndpoint == nil && (tokenVariable != nil || placement == .basic) }

    /// The token issued beforehand, from the environment: the variable's value, or Basic
    /// credentials made from the account and password; nil while a variable it needs is unset.
    public func tokenIssuedBeforehand(in environment: [String: String]) -> String? {
        if placement == .basic {
            guard let account = environment[accountVariable], let password = environment[passwordVariable],
                !account.isEmpty || !password.isEmpty
            else { return nil }
            return Self.basicCredentials(account: account, password: password)
        }
        guard let variable = tokenVariable, let token = environment[variable], !token.isEmpty else { return nil }
        return token
    }

    /// The Basic credentials a login declared `loginCredentials: .basic` sends, from the account
    /// and password variables; nil while they are unset.
    public func loginBasicCredentials(in environment: [String: String]) -> String? {
        guard loginCredentials == .basic, let account = environment[accountVariable], let password = environment[passwordVariable],
            !account.isEmpty || !password.isEmpty
        else { return nil }
        return Self.basicCredentials(account: account, password: password)
    }

    /// Whether `endpoint` is the login and takes the credentials as HTTP Basic ones.
    public func sendsBasicCredentials(_ endpoint: AnyEndpoint) -> Bool {
        loginCredentials == .basic && endpoint.id == loginEndpoint
    }

    /// The variables a token issued beforehand is made from, for messages: `$METRICS_TOKEN`,
    /// `$APICHECK_ACCOUNT and $APICHECK_PASSWORD`.
    public var beforehandVariables: String {
        if placement == .basic { return "$\(accountVariable) and $\(passwordVariable)" }
        return "$" + (tokenVariable ?? "the token's variable")
    }

    /// What the credentials issued beforehand are called in messages, with their verb: Basic
    /// ones are an account and a password, not a token.
    public var beforehandCredentials: (name: String, verb: String) {
        placement == .basic ? ("the account and password", "were") : ("the token", "was")
    }

    /// The credentials as a finding introduces them: a token "issued beforehand" (not a
    /// login's); Basic credentials are a person's account and password, which nobody issues.
    public var beforehandIntroduced: String {
        placement == .basic ? beforehandCredentials.name : beforehandCredentials.name + " issued beforehand"
    }

    /// What a person is shown as the kind of credential an endpoint needs (`list`'s AUTH,
    /// the export's security scheme): `basic` for Basic credentials, else `token`.
    public var credentialWord: String { placement == .basic ? "basic" : "token" }

    /// A credential the server never issued, for the dead-token probes, made per kind of
    /// credential, since the probe's is shown (`--verbose`, reproduce commands, reports):
    /// - a token (a login's, a session cookie, an API key in a header or the query) is shaped like
    ///   the real one (`probeToken`): its issuer made it in its own format, so its kind prefix
    ///   (`ghp_`), length and punctuation are the format's, which helps a server route the probe,
    ///   while every letter and digit, the secret part, is replaced. An API whose keys people
    ///   choose declares `probeToken: .template("{random:32}")`.
    /// - Basic credentials are the real account with a password that takes nothing from the
    ///   real one (`ProbeToken.password(unlike:)`): a person chose the password, so even its first
    ///   word, its length or its layout is part of the secret.
    public func deadToken(like token: String) -> String {
        if placement == .basic, let (account, password) = Self.basicParts(of: token) {
            return Self.basicCredentials(account: account, password: probeToken.password(unlike: password))
        }
        return probeToken.token(like: token, avoiding: [token])
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

    /// The token a login's answer issued: the session cookie it sets, else the one in its payload.
    public func token(in payload: JSONValue?, headers: [(name: String, value: String)]) -> String? {
        if case let .cookie(name) = placement {
            return CookieHeader.pairs(setBy: headers).first { $0.name == name && !$0.value.isEmpty }?.value
        }
        return payload.flatMap(token(in:))
    }

    /// Whether the endpoint sends the account's credentials (a way to log in as the account).
    public func usesCredentials(_ endpoint: AnyEndpoint) -> Bool {
        guard let loginEndpoint else { return false }
        if loginCredentials == .basic, endpoint.id == loginEndpoint { return true }
        return endpoint.sampledValues.contains { [accountVariable, passwordVariable].contains($0.sample?.variable) }
    }
}
