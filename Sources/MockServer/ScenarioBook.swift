import Synchronization

/// Sticky choices by endpoint id: the server's own (`--scenario`, the admin API without a
/// session) and one set per `X-Apicheck-Session`, so parallel UI tests do not see each other's.
final class ScenarioBook: Sendable {
    private struct State {
        var global: [String: ServeChoice]
        var sessions: [String: [String: ServeChoice]] = [:]
    }

    private let initial: [String: ServeChoice]
    private let state: Mutex<State>

    init(initial: [String: ServeChoice]) {
        self.initial = initial
        state = Mutex(State(global: initial))
    }

    /// The session's choice over the server's, field by field.
    func choice(for endpoint: String, session: String?) -> ServeChoice {
        state.withLock { state in
            let global = state.global[endpoint] ?? ServeChoice()
            guard let session, let own = state.sessions[session]?[endpoint] else { return global }
            return own.over(global)
        }
    }

    func set(_ choice: ServeChoice, for endpoint: String, session: String?) {
        state.withLock { state in
            if let session { state.sessions[session, default: [:]][endpoint] = choice } else { state.global[endpoint] = choice }
        }
    }

    /// Clears one endpoint's choice, or all of them, in the session's scope (or the server's).
    func clear(_ endpoint: String?, session: String?) {
        state.withLock { state in
            switch (endpoint, session) {
            case let (endpoint?, session?): state.sessions[session]?[endpoint] = nil
            case let (nil, session?): state.sessions[session] = nil
            case let (endpoint?, nil): state.global[endpoint] = nil
            case (nil, nil): state.global = [:]
            }
        }
    }

    /// The choices in force in a scope: the server's, or a session's own.
    func choices(session: String?) -> [String: ServeChoice] {
        state.withLock { state in session.map { state.sessions[$0] ?? [:] } ?? state.global }
    }

    /// Back to the start: `--scenario` choices only, no sessions.
    func reset() {
        state.withLock { $0 = State(global: initial) }
    }
}
