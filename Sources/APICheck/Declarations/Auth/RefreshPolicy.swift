/// How an API renews an access token without a new login: the endpoint that refreshes, where the
/// login's and the refresh's answers keep the refresh token and the access token's lifetime, and
/// what the server promises about old tokens.
///
/// ```swift
/// RefreshPolicy(endpoint: "auth.refresh", parameter: "refresh_token",
///               refreshToken: "$.refresh_token", expiresIn: "$.expires_in_ms", expiresInUnit: .milliseconds,
///               rotates: true, replacedAccessToken: .deadToken)
/// ```
/// The refresh endpoint declares `sessionEffect: .refreshes` and a body or query parameter named
/// `parameter`, which the client and `apicheck live` fill with the refresh token they hold; its
/// answer carries the new access token where the auth policy's `tokenField` says. A refresh token
/// that travels as a credential instead (Flask-JWT-Extended's `Authorization: Bearer <refresh
/// token>`) is declared with `placement`, and the endpoint declares no parameter for it:
///
/// ```swift
/// RefreshPolicy(endpoint: "security.refresh", placement: .bearer, rotates: false)
/// ```
public struct RefreshPolicy: Sendable, Equatable {
    /// How `expiresIn` counts.
    public enum Unit: String, Sendable, Equatable {
        case seconds, milliseconds
    }

    /// The id of the endpoint that refreshes.
    public var endpoint: String
    /// The refresh endpoint's parameter that carries the refresh token.
    public var parameter: String
    /// Where the refresh token travels when it is no parameter of the refresh endpoint: a header
    /// with its scheme word (`.bearer`, `.scheme("Token")`), a query parameter or a cookie, placed
    /// and read as the access token's placement is. Nil: in `parameter`.
    public var placement: AuthPolicy.Placement?
    /// Where the login's and the refresh's answers keep the refresh token (a JSONPath into the
    /// whole answer, as every JSONPath of a declaration).
    public var refreshTokenPath: JSONPath
    /// Where they keep the access token's lifetime; nil when the answers do not say.
    public var expiresInPath: JSONPath?
    public var expiresInUnit: Unit
    /// The promise that a refresh token works once: the refresh's answer carries a new one, and
    /// the one it was given is refused from then on (`rotatedRefreshToken`).
    public var rotates: Bool
    /// What a refresh token that was used once gets when it rotates, and one the server never
    /// issued (or that expired) always: by default the API's dead-token answer.
    public var refusedRefreshToken: TokenAnswer
    /// What the access token a refresh replaced gets from then on; nil when the API promises
    /// nothing about it (no probe checks it).
    public var replacedAccessToken: TokenAnswer?

    public init(
        endpoint: String, parameter: String = "refresh_token", placement: AuthPolicy.Placement? = nil,
        refreshToken: JSONPath = "$.refresh_token",
        expiresIn: JSONPath? = nil, expiresInUnit: Unit = .seconds, rotates: Bool,
        refusedRefreshToken: TokenAnswer = .deadToken, replacedAccessToken: TokenAnswer? = nil
    ) {
        self.endpoint = endpoint
        self.parameter = parameter
        self.placement = placement
        self.refreshTokenPath = refreshToken
        self.expiresInPath = expiresIn
        self.expiresInUnit = expiresInUnit
        self.rotates = rotates
        self.refusedRefreshToken = refusedRefreshToken
        self.replacedAccessToken = replacedAccessToken
    }

    /// Where `endpoint` takes the refresh token when `placement` places it: the refresh endpoint,
    /// declaring no parameter named `parameter` (whose value, given, is the token to place). Nil
    /// when the token is a parameter's value.
    public func placement(for endpoint: AnyEndpoint) -> AuthPolicy.Placement? {
        guard let placement, endpoint.id == self.endpoint, !endpoint.parameters.contains(where: { $0.name == parameter }) else {
            return nil
        }
        return placement
    }

    /// The refresh token in a login's or a refresh's answer (the whole document).
    public func refreshToken(in document: JSONValue) -> String? {
        document.value(at: refreshTokenPath)?.stringValue
    }

    /// The access token's lifetime in seconds, from a login's or a refresh's answer.
    public func lifetime(in document: JSONValue) -> Double? {
        guard let expiresInPath, let value = document.value(at: expiresInPath), case let .number(text) = value,
            let number = Double(text)
        else { return nil }
        return expiresInUnit == .milliseconds ? number / 1000 : number
    }
}
