import Synchronization

/// Sticky choices by endpoint id: the server's own (`--scenario`, the admin API without a
/// session) and one set per `X-Apicheck-Session`, so parallel UI tests do not see each other's.
/// At most `maxSessions` sessions are kept; a new one past that forgets the oldest, so a client
/// inventing a session name per request cannot grow the server without bound.
final class ScenarioBook: Sendable {
    private struct Session {
        var choices: [String: ServeChoice] = [:]
        /// Tells a session apart from an earlier one of the same name in `order`.
        var generation: Int
    }

    private struct State {
        var global: [String: ServeChoice]
        var sessions: [String: Session] = [:]
        /// Sessions by age from `head` on, with the generation each was made in.
        var order: [(name: String, generation: Int)] = []
        var head = 0
        var generation = 0
    }

    let maxSessions: Int
    private let initial: [String: ServeChoice]
    private let state: Mutex<State>
    private let changes = Atomic(0)

    /// Moves on with every change of a choice: what an answer made from the book was made at.
    var generation: Int { changes.load(ordering: .acquiring) }

    init(initial: [String: ServeChoice], maxSessions: Int = 10_000) {
        self.initial = initial
        self.maxSessions = max(1, maxSessions)
        state = Mutex(State(global: initial))
    }

    /// The session's choice over the server's, field by field.
    func choice(for endpoint: String, session: String?) -> ServeChoice {
        state.withLock { state in
            let global = state.global[endpoint] ?? ServeChoice()
            guard let session, let own = state.sessions[session]?.choices[endpoint] else { return global }
            return own.over(global)
        }
    }

    func set(_ choice: ServeChoice, for endpoint: String, session: String?) {
        state.withLock { state in
            guard let session else {
                state.global[endpoint] = choice
                return
            }
            if state.sessions[session] == nil { Self.open(session, in: &state, max: maxSessions) }
            state.sessions[session]?.choices[endpoint] = choice
        }
        changes.add(1, ordering: .releasing)
    }

    /// Clears one endpoint's choice, or all of them, in the session's scope (or the server's).
    func clear(_ endpoint: String?, session: String?) {
        state.withLock { state in
            switch (endpoint, session) {
            case let (endpoint?, session?): state.sessions[session]?.choices[endpoint] = nil
            case let (nil, session?): state.sessions[session] = nil
            case let (endpoint?, nil): state.global[endpoint] = nil
            case (nil, nil): state.global = [:]
            }
        }
        changes.add(1, ordering: .releasing)
    }

    /// The choices in force in a scope: the server's, or a session's own.
    func choices(session: String?) -> [String: ServeChoice] {
        state.withLock { state in session.map { state.sessions[$0]?.choices ?? [:] } ?? state.global }
    }

    /// Sessions kept now.
    var sessionCount: Int { state.withLock { $0.sessions.count } }

    /// Back to the start: `--scenario` choices only, no sessions.
    func reset() {
        state.withLock { $0 = State(global: initial) }
        changes.add(1, ordering: .releasing)
    }

    private static func open(_ session: String, in state: inout State, max: Int) {
        while state.sessions.count >= max, state.head < state.order.count {
            let oldest = state.order[state.head]
            state.head += 1
            if state.sessions[oldest.name]?.generation == oldest.generation { state.sessions[oldest.name] = nil }
        }
        if state.head > 1024, state.head * 2 > state.order.count {
            state.order.removeFirst(state.head)
            state.head = 0
        }
        state.generation += 1
        state.sessions[session] = Session(generation: state.generation)
        state.order.append((session, state.generation))
    }
}
