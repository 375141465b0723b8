/// What a token that should no longer work gets from the server, as the API promises it: a token
/// ended by logout, revoked by a second login, or replaced by a refresh; a refresh token used
/// twice or never issued. Probes check exactly this and nothing the API did not promise.
public enum TokenAnswer: Sendable, Equatable {
    /// The API's dead-token answer (`API.expired`, the envelope's expired codes and statuses).
    case deadToken
    /// The API's forced-logout signal (`API.forcedLogout`, the envelope's logout codes): the demo's
    /// 10504 for a token revoked by a second login.
    case forcedLogout
    /// Still accepted: an access token a refresh replaced that stays valid until it expires.
    case accepted
    /// Exactly these answers, by HTTP status and/or code.
    case signals([AnswerSignal])

    /// `the dead-token answer`, `HTTP 401 with code "M_UNKNOWN_TOKEN"`: how findings name it.
    public var description: String {
        switch self {
        case .deadToken: "the dead-token answer"
        case .forcedLogout: "the forced-logout answer"
        case .accepted: "a success"
        case let .signals(signals): signals.map(\.description).joined(separator: " or ")
        }
    }

    /// Whether an answer is this one. Answers that classify (dead token, forced logout, success)
    /// are judged by their classification; exact signals by status and code.
    public func admits(_ classification: Classification, status: Int, code: EnvelopeCode?) -> Bool {
        switch (self, classification) {
        case (.deadToken, .tokenExpired), (.forcedLogout, .forcedLogout), (.accepted, .success): true
        case let (.signals(signals), _): signals.contains { $0.matches(status: status, code: code) }
        default: false
        }
    }
}
