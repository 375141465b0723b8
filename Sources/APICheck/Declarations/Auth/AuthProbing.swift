/// Whether `apicheck live` may send an endpoint the auth probes' tokens (a dead one, none, a
/// revoked, logged-out or refreshed-away one). A probe's request is one the server must refuse; a
/// server that wrongly accepts it would act on it, so by default only endpoints safe by method are
/// probed. Single probes can be left out of one endpoint: `.always.skipping(.missingToken)`.
public struct AuthProbing: Sendable, Equatable {
    enum Methods: Sendable, Equatable {
        case safe, all, none
    }

    let methods: Methods
    /// Probes this endpoint never gets, whatever the API declares.
    public private(set) var skipped: Set<AuthProbe> = []

    /// Probed when its method is safe (GET, HEAD): accepting a bad token changes nothing.
    public static let whenSafe = AuthProbing(methods: .safe)
    /// Declared safe to probe whatever its method: the server refuses a bad token before it acts,
    /// or the action is harmless to repeat.
    public static let always = AuthProbing(methods: .all)
    /// Never probed.
    public static let never = AuthProbing(methods: .none)

    /// The same, without these probes.
    public func skipping(_ probes: AuthProbe...) -> AuthProbing {
        var copy = self
        copy.skipped.formUnion(probes)
        return copy
    }

    /// Whether an endpoint called with `method` gets probes at all.
    func allows(_ method: HTTPMethod) -> Bool {
        switch methods {
        case .safe: method == .get || method == .head
        case .all: true
        case .none: false
        }
    }

    /// Whether an endpoint called with `method` gets this probe.
    func allows(_ probe: AuthProbe, _ method: HTTPMethod) -> Bool {
        allows(method) && !skipped.contains(probe)
    }
}
