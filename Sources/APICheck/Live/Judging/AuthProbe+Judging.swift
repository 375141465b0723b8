/// How a live run judges a probe's answer against the promise the API declares for it.
extension AuthProbe {
    /// What the answer must be, as the declarations tell it: `tokenExpired (HTTP 403)`,
    /// `tokenExpired (HTTP 401 with code "M_UNKNOWN_TOKEN")`, `logout (code 10504)`.
    static func expected(_ promise: TokenAnswer, _ api: API) -> String {
        switch promise {
        case .deadToken:
            if let status = api.envelope?.expiredHTTPStatuses.min() { return "tokenExpired (HTTP \(status))" }
            return "tokenExpired" + (api.expired.first.map { " (\($0))" } ?? "")
        case .forcedLogout:
            if let code = api.envelope?.logoutCodes.min() { return "logout (code \(code))" }
            return "logout" + (api.forcedLogout.first.map { " (\($0))" } ?? "")
        case .accepted:
            return "success"
        case let .signals(signals):
            return signals.map(\.description).joined(separator: " or ")
        }
    }

    /// Why the answer had to be that: the promise in words, for the finding's message. With
    /// Basic credentials the probes send the account with a wrong password, or nothing: no token.
    func why(_ promise: TokenAnswer, logout: String, refresh: String, placement: AuthPolicy.Placement) -> String {
        let answer =
            switch promise {
            case .deadToken: "answered as token expired"
            case .forcedLogout: "answered with the logout code"
            case .accepted: "accepted"
            case let .signals(signals): "answered " + signals.map(\.description).joined(separator: " or ")
            }
        return switch self {
        case .tokenExpired where placement == .basic: "the account with a wrong password must be \(answer)"
        case .tokenExpired: "a token the server never issued must be \(answer)"
        case .missingToken where placement == .basic: "a request without credentials must be \(answer)"
        case .missingToken: "a request without a token must be \(answer)"
        case .revoked: "a token revoked by a second login must be \(answer)"
        case .loggedOut: "a token ended by \(logout) must be \(answer)"
        case .refresh: "a token issued by \(refresh) must be \(answer)"
        case .replacedToken: "an access token replaced by \(refresh) must be \(answer)"
        case .reusedRefreshToken: "a rotated refresh token used a second time must be \(answer)"
        case .deadRefreshToken: "a refresh token the server never issued must be \(answer)"
        }
    }
}
