/// What one answer means. Every answer is exactly one of these.
public enum Classification: Sendable, Equatable {
    /// The call worked; `payload` sits at `at` in the body (`$.datas`, or `$` when not enveloped).
    case success(payload: JSONValue, at: JSONPath)
    /// The server said no with its own code: an envelope's, or an error body's in the API's
    /// declared error shape (wrong password, not found, bad parameter).
    case failure(code: EnvelopeCode, message: String)
    /// The server forces the app to log out (the token was revoked); the code when one came.
    case forcedLogout(code: EnvelopeCode?, message: String)
    /// The token is dead: an HTTP status such as 403, a code, or both, as the API declares.
    case tokenExpired(status: Int?, code: EnvelopeCode?)
    /// No usable answer: not JSON, HTTP error, malformed envelope.
    case broken(APIError.Reason)

    /// A short name for reports: `success`, `failure(10002)`, `logout`, `tokenExpired`, `broken`.
    public var name: String {
        switch self {
        case .success: return "success"
        case let .failure(code, _): return "failure(\(code))"
        case .forcedLogout: return "logout"
        case .tokenExpired: return "tokenExpired"
        case let .broken(reason): return reason.kind.rawValue
        }
    }
}
