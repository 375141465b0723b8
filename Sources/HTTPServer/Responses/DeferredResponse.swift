import Dispatch
import Synchronization

/// An answer a handler gives later, from any thread: the handler returns
/// `ServerResponse.deferred(_:)` at once and calls `send` when the answer is ready (a proxy's
/// upstream has answered). A pool server suspends the connection meanwhile, so no thread waits
/// for it; a thread-per-connection server waits on the connection's own thread.
public final class DeferredResponse: Sendable {
    private struct State {
        var response: ServerResponse?
        /// Set once the server has parked the connection: resumes it when the answer comes.
        var wake: (@Sendable () -> Void)?
        /// What the handler does when the client leaves before the answer: stop making it.
        var abandoned: (@Sendable () -> Void)?
        var isAbandoned = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Gives the answer. Later calls are ignored: a connection gets one answer.
    public func send(_ response: ServerResponse) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.response == nil else { return nil }
            state.response = response
            // Once answered, the client's leaving is no longer this answer's business; what the
            // handler would have done then (cancel its upstream call) must not be kept alive by it.
            state.abandoned = nil
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    /// Whether the answer has been given.
    public var isSent: Bool { state.withLock { $0.response != nil } }

    /// Calls `handler` when the client leaves before the answer is given (at once when it already
    /// has): a proxy cancels the upstream call it is waiting for. A pool server tells; a
    /// thread-per-connection one does not watch its client while it waits.
    public func whenAbandoned(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard !state.isAbandoned else { return true }
            state.abandoned = handler
            return false
        }
        if now { handler() }
    }

    /// The client left: the answer, if it comes, goes nowhere.
    func abandon() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.isAbandoned, state.response == nil else { return nil }
            state.isAbandoned = true
            defer { state.abandoned = nil }
            return state.abandoned
        }
        handler?()
    }

    /// Calls `wake` once the answer is given: at once when it already has been.
    func whenSent(_ wake: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard state.response == nil else { return true }
            state.wake = wake
            return false
        }
        if now { wake() }
    }

    /// The answer, when given.
    var response: ServerResponse? { state.withLock { $0.response } }

    /// Blocks until the answer is given (a thread-per-connection server only, which never asks
    /// `whenSent`): the semaphore is made here, not with every answer a pool server defers.
    func wait() -> ServerResponse {
        let ready = DispatchSemaphore(value: 0)
        whenSent { ready.signal() }
        ready.wait()
        return state.withLock { $0.response! }
    }
}
