/// What calling an endpoint does to the session. Live checks order the run by it: endpoints that log
/// in or out never run while others use the session's token.
public enum SessionEffect: String, Sendable, Equatable {
    /// Leaves the session as it is: most endpoints.
    case keepsSession
    /// Issues a token (and, on APIs like the demo one, revokes the account's earlier tokens).
    case logsIn
    /// Ends the token it is called with.
    case logsOut
    /// Trades a refresh token for a new access token (and, where refresh tokens rotate, a new
    /// refresh token): the endpoint the auth policy's `RefreshPolicy` names.
    case refreshes
}
