import Synchronization

/// The CSRF tokens a client holds, one per credential it sends them with (the session's token,
/// another login's, none at all): a framework ties its CSRF token to a session, so a new login's
/// requests need a token of their own. Each is fetched once however many requests need it at
/// the same moment, and forgotten when the server refuses it, so the next request fetches anew.
final class CSRFTokens: Sendable {
    /// A CSRF token and the cookies the answer that issued it set (the session it is tied to).
    struct Credential: Sendable, Equatable {
        struct Cookie: Sendable, Equatable {
            var name: String
            var value: String
        }

        var token: String
        var cookies: [Cookie]
    }

    private struct State {
        /// Each key's credential, with the serial it was asked for or stored at.
        var fetches: [String: (task: Task<Credential?, Never>, serial: Int)] = [:]
        /// Counts the credentials asked for and stored, so a refusal can tell the ones held
        /// since before its request went out from those obtained after.
        var serial = 0
        /// The last token issued, for requests whose credential issued none (a probe's made-up
        /// token): the server then judges that credential, not a missing CSRF token.
        var latest: Credential?
    }

    /// Credentials held at most: a run holds a handful (its session, a second login, a refresh).
    private static let capacity = 32
    private let state = Mutex(State())

    /// The credential held for `key`, fetched by `fetch` when none is held or being fetched.
    func credential(for key: String, fetch: @escaping @Sendable () async -> Credential?) async -> Credential? {
        let task = state.withLock { state -> Task<Credential?, Never> in
            if let held = state.fetches[key] { return held.task }
            if state.fetches.count >= Self.capacity { state.fetches.removeAll() }
            let task = Task { await fetch() }
            state.serial += 1
            state.fetches[key] = (task, state.serial)
            return task
        }
        let credential = await task.value
        if let credential { state.withLock { $0.latest = credential } }
        return credential
    }

    /// Holds a credential an answer issued on its own (a login's answer setting the CSRF cookie).
    func store(_ credential: Credential, for key: String) {
        state.withLock { state in
            if state.fetches[key] == nil, state.fetches.count >= Self.capacity { state.fetches.removeAll() }
            state.serial += 1
            state.fetches[key] = (Task { credential }, state.serial)
            state.latest = credential
        }
    }

    /// Where the count stands: taken as a request goes out, for `forget(_:heldSince:)`.
    func mark() -> Int { state.withLock { $0.serial } }

    /// Forgets the credential of `key` when it was held by `mark` (before the refused request
    /// went out), so the next request fetches anew; one obtained since (another refused request's
    /// new fetch, an answer that set the cookie) is kept and shared.
    func forget(_ key: String, heldSince mark: Int) {
        state.withLock { state in
            if let held = state.fetches[key], held.serial <= mark { state.fetches[key] = nil }
        }
    }

    /// The last credential issued to any key.
    var latest: Credential? { state.withLock { $0.latest } }
}
