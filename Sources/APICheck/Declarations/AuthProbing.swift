/// Whether `apicheck live` may send an endpoint the auth probes' tokens (a dead one, a revoked
/// one, a logged-out one). A probe's request is one the server must refuse; a server that wrongly
/// accepts it would act on it, so by default only endpoints safe by method are probed.
public enum AuthProbing: Sendable, Equatable {
    /// Probed when its method is safe (GET, HEAD): accepting a bad token changes nothing.
    case whenSafe
    /// Declared safe to probe whatever its method: the server refuses a bad token before it acts,
    /// or the action is harmless to repeat.
    case always
    /// Never probed.
    case never

    /// Whether an endpoint called with `method` gets probes.
    func allows(_ method: HTTPMethod) -> Bool {
        switch self {
        case .whenSafe: method == .get || method == .head
        case .always: true
        case .never: false
        }
    }
}
