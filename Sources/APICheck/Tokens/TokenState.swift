/// Where a token stands with the server, as far as the client that presents it can tell: the one
/// closed set every part of apicheck speaks of. The live probes send a token in each state the API
/// makes a promise about, the app's client reacts to the answers, the mock tier and `serve` answer
/// each state as the API promises (`TokenLifecycle`).
public enum TokenState: String, Sendable, Hashable, CaseIterable {
    /// Issued by a login or a refresh and not ended since: the server accepts it.
    case issued
    /// Issued beforehand (an API key, a notebook token, HTTP Basic credentials) and accepted.
    case issuedBeforehand = "issued-beforehand"
    /// No token where the API places it.
    case missing
    /// A token the server never issued (or forgot): the dead-token probe's fake, a typo, a
    /// token from another server.
    case neverIssued = "never-issued"
    /// Revoked by a later login of the same account, where the API promises that.
    case revokedByLogin = "revoked-by-login"
    /// Ended by the endpoint declared `sessionEffect: .logsOut`.
    case loggedOut = "logged-out"
    /// Replaced by a refresh that issued its successor.
    case refreshedAway = "refreshed-away"
    /// Its lifetime ended, or it was expired on request (`Prefer: expire-token`, the admin API,
    /// `MockTransport.expire(token:)`).
    case expired
    /// A refresh token already spent, where refresh tokens rotate (good once).
    case spentRefreshToken = "spent-refresh-token"
    /// A refresh token the server never issued, or whose session ended.
    case unknownRefreshToken = "unknown-refresh-token"

    /// Whether the state is a refresh token's (presented to the refresh endpoint) rather than an
    /// access token's.
    public var isRefreshToken: Bool { self == .spentRefreshToken || self == .unknownRefreshToken }
}
