/// What a session observer hears: the app's "go to the login screen" hook listens for the last two.
public enum SessionEvent: Sendable, Equatable {
    case loggedIn(endpoint: String)
    case loggedOut(endpoint: String)
    /// The server revoked the token (10504); the app must log out.
    case forcedLogout(endpoint: String, message: String)
    /// The token is dead (HTTP 403).
    case tokenExpired(endpoint: String)
}
