import Synchronization

/// The token issued beforehand, watched through a run. One that worked and is then refused (a
/// write that rotated it: Label Studio's `reset-token`) is said once, naming the write before it,
/// and the steps that would send it after are skipped: a hundred `http-status` errors would hide
/// the one cause. A refusal is taken for a lost token only when the endpoint that took the token
/// at the start refuses it too: one endpoint's own 401 is that endpoint's finding.
final class TokenWatch: Sendable {
    struct Loss: Sendable, Equatable {
        /// The last write that succeeded with the token before it was refused, if any.
        var after: String?
        var firstRefusedBy: String
    }

    /// Refusals the trial endpoint did not confirm, past which no more are asked about: an API
    /// with many endpoints that answer 401 of their own would pay a call for each.
    static let maximumUnconfirmed = 3

    private struct State {
        var lastWrite: String?
        var loss: Loss?
        var unconfirmed = 0
        var madeUpAnswer: HTTPResponse?
    }

    private let state = Mutex(State())

    var loss: Loss? { state.withLock { $0.loss } }

    var mayConfirm: Bool { state.withLock { $0.loss == nil && $0.unconfirmed < Self.maximumUnconfirmed } }

    /// What the trial endpoint answers a made-up token (`LiveCheck.madeUpTokenAnswer`).
    var madeUpAnswer: HTTPResponse? { state.withLock { $0.madeUpAnswer } }

    func madeUp(_ answer: HTTPResponse) { state.withLock { $0.madeUpAnswer = $0.madeUpAnswer ?? answer } }

    func wrote(_ endpoint: String) { state.withLock { $0.lastWrite = endpoint } }

    func unconfirmed() { state.withLock { $0.unconfirmed += 1 } }

    /// Records the loss; returns it to the one caller that found it first.
    func lost(refusedBy endpoint: String) -> Loss? {
        state.withLock { state in
            guard state.loss == nil else { return nil }
            state.loss = Loss(after: state.lastWrite, firstRefusedBy: endpoint)
            return state.loss
        }
    }
}
