import Synchronization

/// The token a client sends and the observers told when it ends. Shared by reference so that an
/// app's tests can hold the same session as the client under test.
public final class Session: Sendable {
    private struct State {
        var token: String?
        var observers: [@Sendable (SessionEvent) -> Void] = []
    }

    private let state: Mutex<State>

    public init(token: String? = nil) {
        state = Mutex(State(token: token))
    }

    public var token: String? {
        get { state.withLock { $0.token } }
        set { state.withLock { $0.token = newValue } }
    }

    /// Adds an observer; it is called synchronously, once per event, on the caller's task.
    public func observe(_ observer: @escaping @Sendable (SessionEvent) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Tells the observers, and ends the token when the event ends the session. `sentToken` is
    /// the token the request carried: when the session has moved on to a newer one since (a
    /// re-login while the request was in flight), a late 403 about the old one changes nothing.
    func notify(_ event: SessionEvent, sentToken: String? = nil) {
        let observers = state.withLock { state -> [@Sendable (SessionEvent) -> Void] in
            switch event {
            case .forcedLogout, .tokenExpired, .loggedOut:
                if let sentToken, state.token != sentToken { return [] }
                state.token = nil
            case .loggedIn:
                break
            }
            return state.observers
        }
        for observer in observers { observer(event) }
    }
}
