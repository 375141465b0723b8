import Synchronization

/// The tokens a client sends (the access token, and the refresh token that renews it when the
/// API declares refresh) and the observers told when the session changes. Shared by reference so
/// that an app's tests can hold the same session as the client under test.
public final class Session: Sendable {
    private struct State {
        var token: String?
        var refreshToken: String?
        var observers: [@Sendable (SessionEvent) -> Void] = []
    }

    private let state: Mutex<State>

    public init(token: String? = nil, refreshToken: String? = nil) {
        state = Mutex(State(token: token, refreshToken: refreshToken))
    }

    public var token: String? {
        get { state.withLock { $0.token } }
        set { state.withLock { $0.token = newValue } }
    }

    /// The token that renews `token` when it dies; a login or refresh answer that carries one
    /// sets it, and a rotating server's new one replaces it on each refresh.
    public var refreshToken: String? {
        get { state.withLock { $0.refreshToken } }
        set { state.withLock { $0.refreshToken = newValue } }
    }

    /// Adds an observer; it is called synchronously, once per event, on the caller's task.
    public func observe(_ observer: @escaping @Sendable (SessionEvent) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// A login's tokens: both replace whatever the session held (an earlier login's refresh token
    /// belongs to that login).
    func begin(token: String, refreshToken: String?) {
        state.withLock { state in
            state.token = token
            state.refreshToken = refreshToken
        }
    }

    /// A refresh's tokens, unless the session has moved on from `dead` since the refresh began (a
    /// logout or a new login): then the answer is stale and the session keeps what it has. A
    /// server that does not rotate sends no new refresh token, and the old one stays.
    func renew(token: String, refreshToken: String?, replacing dead: String) -> Bool {
        state.withLock { state in
            guard state.token == dead else { return false }
            state.token = token
            if let refreshToken { state.refreshToken = refreshToken }
            return true
        }
    }

    /// Tells the observers, and ends the tokens when the event ends the session. `sentToken` is
    /// the token the request carried: when the session has moved on to a newer one since (a
    /// re-login or a refresh while the request was in flight), a late answer about the old one
    /// changes nothing.
    func notify(_ event: SessionEvent, sentToken: String? = nil) {
        let observers = state.withLock { state -> [@Sendable (SessionEvent) -> Void] in
            switch event {
            case .forcedLogout, .tokenExpired, .loggedOut:
                if let sentToken, state.token != sentToken { return [] }
                state.token = nil
                state.refreshToken = nil
            case .loggedIn, .tokenRefreshed:
                break
            }
            return state.observers
        }
        for observer in observers { observer(event) }
    }
}
