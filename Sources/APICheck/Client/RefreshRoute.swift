/// What the client needs to renew a dead access token: the API's refresh endpoint, the
/// parameter that carries the refresh token, and where login and refresh answers keep it.
struct RefreshRoute: Sendable {
    var endpoint: AnyEndpoint
    /// The refresh endpoint's parameter that carries the refresh token (`refresh_token`).
    var parameter: String
    /// Where a login's or refresh's payload keeps the refresh token; a dotted path (`tokens.refresh`).
    var refreshTokenField: String

    /// The refresh token in an answer's payload.
    func refreshToken(in payload: JSONValue) -> String? {
        var value: JSONValue? = payload
        for key in refreshTokenField.split(separator: ".") { value = value?[String(key)] }
        return value?.stringValue
    }
}

extension API {
    /// How this API's tokens are renewed; nil when it declares no refresh.
    var refreshRoute: RefreshRoute? { nil }
}
