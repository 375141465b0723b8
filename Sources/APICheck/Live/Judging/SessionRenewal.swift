import Synchronization

/// The session's tokens through a run, where the API declares refresh and its login answered a
/// refresh token: a check whose token the server answers as dead goes through one refresh, shared
/// by every step that finds the same token dead (as the app's client does), and is sent once more;
/// the steps after it send the new token. A refresh that fails loses the session for the rest of
/// the run: said once, and the steps that would send the dead token are skipped, as a token issued
/// beforehand that stopped working is (`TokenWatch`).
final class SessionRenewal: Sendable {
    /// The refresh that could not renew the session.
    struct Loss: Sendable, Equatable {
        /// The endpoint that found the session's token dead.
        var refusedBy: String
        /// What became of the refresh, for the run's finding.
        var why: String
    }

    private struct State {
        var token: String?
        var refreshToken: String?
        /// The endpoint whose dead-token answer started each renewal that succeeded.
        var renewedAfter: [String] = []
        var loss: Loss?
    }

    private let state = Mutex(State())
    let refresher = TokenRefresher()

    /// The session's tokens, as its login issued them.
    func start(token: String, refreshToken: String?) {
        state.withLock { $0 = State(token: token, refreshToken: refreshToken) }
    }

    /// The session's token now: the login's, or the last refresh's; nil once the session is lost,
    /// so no step refreshes a token already found beyond renewal.
    var token: String? { state.withLock { $0.loss == nil ? $0.token : nil } }

    /// Whether the session can be renewed at all: its login gave a refresh token.
    var canRenew: Bool { state.withLock { $0.refreshToken != nil } }

    var refreshToken: String? { state.withLock { $0.refreshToken } }

    var loss: Loss? { state.withLock { $0.loss } }

    /// The endpoints whose dead-token answers were followed by a renewal, in order.
    var renewedAfter: [String] { state.withLock { $0.renewedAfter } }

    /// Stores a refresh's tokens. A refresh answer without a refresh token keeps the one the
    /// session holds (refresh tokens that do not rotate).
    func renewed(token: String, refreshToken: String?, after endpoint: String) {
        state.withLock { state in
            state.token = token
            if let refreshToken { state.refreshToken = refreshToken }
            state.renewedAfter.append(endpoint)
        }
    }

    /// Records the loss, once.
    func lost(_ loss: Loss) {
        state.withLock { state in
            if state.loss == nil { state.loss = loss }
        }
    }
}
