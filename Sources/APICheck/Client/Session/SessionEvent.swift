/// What a session observer hears: the app's "go to the login screen" hook listens for
/// `forcedLogout` and `tokenExpired`; a dead token that a refresh renewed is not one of them.
public enum SessionEvent: Sendable, Equatable {
    case loggedIn(endpoint: String)
    case loggedOut(endpoint: String)
    /// The server revoked the token (10504); the app must log out.
    case forcedLogout(endpoint: String, message: String)
    /// The token is dead and could not be renewed (no refresh declared, no refresh token, or the
    /// refresh was refused): the app must log in again.
    case tokenExpired(endpoint: String)
    /// A dead token was renewed through `endpoint` (the API's refresh endpoint): the session
    /// holds new tokens, which an app that keeps them (in the keychain) stores again.
    case tokenRefreshed(endpoint: String)
}
