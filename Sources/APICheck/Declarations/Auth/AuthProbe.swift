/// An auth promise a live run checks, one probe per promise the API declares: each sends a token
/// the server must refuse (or, for `refresh`, one it must accept) and judges the answer against the
/// declaration. The raw values are the names `--probes` takes and reports print.
public enum AuthProbe: String, Sendable, CaseIterable {
    /// A well-formed token the server never issued gets the dead-token answer (`API.expired`).
    case tokenExpired = "token-expired"
    /// A request without a token gets the missing-token answer (`AuthPolicy.missingToken`).
    case missingToken = "missing-token"
    /// The session's token after a second login of the account gets the answer the API promises
    /// for it (`AuthPolicy.revokesEarlierTokens`, `revokedToken`): the demo's forced logout.
    case revoked = "revoked-token"
    /// A token after the logout endpoint ended it gets `AuthPolicy.loggedOutToken`.
    case loggedOut = "logged-out"
    /// A refresh yields a new access token that works (and, where refresh tokens rotate, a new
    /// refresh token).
    case refresh
    /// The access token a refresh replaced gets `RefreshPolicy.replacedAccessToken`.
    case replacedToken = "replaced-token"
    /// A rotated refresh token used a second time is refused (`RefreshPolicy.rotates`).
    case reusedRefreshToken = "reused-refresh-token"
    /// A refresh token the server never issued is refused.
    case deadRefreshToken = "dead-refresh-token"

    /// The shell variable that stands for the token the probe sends, in its reproduce command.
    var tokenVariable: String {
        switch self {
        case .tokenExpired: "DEAD_TOKEN"
        case .missingToken: "NO_TOKEN"
        case .revoked: "REVOKED_TOKEN"
        case .loggedOut: "LOGGED_OUT_TOKEN"
        case .refresh: "REFRESH_TOKEN"
        case .replacedToken: "REPLACED_TOKEN"
        case .reusedRefreshToken: "USED_REFRESH_TOKEN"
        case .deadRefreshToken: "DEAD_REFRESH_TOKEN"
        }
    }

    var findingKind: FindingKind {
        switch self {
        case .tokenExpired: .probeTokenExpired
        case .missingToken: .probeMissingToken
        case .revoked: .probeRevokedToken
        case .loggedOut: .probeLoggedOut
        case .refresh, .replacedToken, .reusedRefreshToken, .deadRefreshToken: .probeRefresh
        }
    }

    /// The state of the token the probe sends.
    public var state: TokenState {
        switch self {
        case .tokenExpired: .neverIssued
        case .missingToken: .missing
        case .revoked: .revokedByLogin
        case .loggedOut: .loggedOut
        case .refresh: .issued
        case .replacedToken: .refreshedAway
        case .reusedRefreshToken: .spentRefreshToken
        case .deadRefreshToken: .unknownRefreshToken
        }
    }

    /// The answer the API promises for this probe's token (`TokenLifecycle`); nil when it
    /// promises none, and then the probe does not run. The refresh probe runs where the API
    /// declares refresh; the reused-refresh-token probe only where refresh tokens rotate: one that
    /// does not rotate is meant to work again, which the refresh probe shows already.
    public func promise(_ api: API) -> TokenAnswer? {
        if self == .refresh, api.auth.refresh == nil { return nil }
        if self == .reusedRefreshToken, api.auth.refresh?.rotates != true { return nil }
        return api.tokenLifecycle.promise(for: state)
    }

    /// The probe `--probes` names, by its name or the name it had before (`logout` for the
    /// revoked-token probe).
    public init?(named name: String) {
        if name == "logout" { self = .revoked; return }
        self.init(rawValue: name)
    }
}
