import Synchronization

/// One refresh per dead token, however many requests find it dead at once: the first starts it,
/// the others wait for it, and all retry with the token it brought (as Alamofire's
/// `AuthenticationInterceptor` queues requests behind one refresh).
final class TokenRefresher: Sendable {
    /// What a request that found its token dead does next.
    enum Outcome: Sendable, Equatable {
        /// Retry with this token.
        case renewed(String)
        /// The session ended (the refresh was refused, or there was nothing to refresh with): the
        /// observers have been told, once; each request fails as a dead token does.
        case ended
        /// The refresh got no usable answer (no connection, a server fault): the session keeps
        /// its tokens, so a later call can try again; each request fails with this error.
        case unavailable(APIError)
    }

    private struct State {
        var running: [String: Task<Outcome, Never>] = [:]
        /// Told each time a request joins a refresh already running, with how many have: tests
        /// use it to start the refresh's answer only once every request is waiting for it.
        var joined: (@Sendable (Int) -> Void)?
        var joins: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// What to do after `dead` was refused. `current` reads the session's token; it is read under
    /// the refresher's lock, after a finished refresh has stored its token, so a request that
    /// arrives just after a refresh retries with the new token instead of refreshing again.
    func outcome(
        replacing dead: String, current: @escaping @Sendable () -> String?,
        refresh: @escaping @Sendable () async -> Outcome
    ) async -> Outcome {
        let (started, joined) = state.withLock { locked -> (Task<Outcome, Never>?, (() -> Void)?) in
            if let running = locked.running[dead] {
                let joins = locked.joins[dead, default: 0] + 1
                locked.joins[dead] = joins
                return (running, locked.joined.map { observer in { observer(joins) } })
            }
            // No refresh of `dead` is running: the session may already have moved past it.
            guard current() == dead else { return (nil, nil) }
            let task = Task { [self] in
                let outcome = await refresh()
                // The session holds the new token before the refresh stops being the one to
                // wait for, so no request can see neither.
                self.state.withLock { locked in
                    locked.running[dead] = nil
                    locked.joins[dead] = nil
                }
                return outcome
            }
            locked.running[dead] = task
            return (task, nil)
        }
        joined?()
        guard let started else { return current().map(Outcome.renewed) ?? .ended }
        return await started.value
    }

    /// Calls `observer` with the number of requests waiting on a running refresh, each time one joins.
    func onJoin(_ observer: (@Sendable (Int) -> Void)?) {
        state.withLock { $0.joined = observer }
    }
}
