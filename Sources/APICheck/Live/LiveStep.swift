/// One step of a live run's plan: what it does, the token it needs, and the steps it waits for.
/// A step learns tokens and samples only from the outcomes of the steps it names.
struct LiveStep: Sendable {
    typealias ID = Int

    enum Action: Sendable {
        /// Calls the endpoint and judges its answer. An unreported check is there for what it
        /// yields: the session's login when the login endpoint is not among those selected.
        case check(AnyEndpoint, reported: Bool)
        /// Calls the endpoint with a token that must be refused.
        case probe(AuthProbe, AnyEndpoint)
        /// Asks for the page after the one the endpoint's own check got, and judges the two
        /// against the endpoint's declared paging.
        case paging(AnyEndpoint)
    }

    /// The token a step sends, named by the steps that issue, revoke or end it.
    enum TokenNeed: Sendable, Equatable {
        /// The endpoint takes no token.
        case nothing
        /// A live token issued by that login; nil when there is no login to get one from.
        case live(issuedBy: ID?)
        /// A token shaped like the one that login issued, which the server never issued.
        case dead(like: ID)
        /// The token `issuedBy` issued, after `revokedBy` logged the account in again.
        case revoked(issuedBy: ID, revokedBy: ID)
        /// The token `issuedBy` issued, after `endedBy` logged it out.
        case loggedOut(issuedBy: ID, endedBy: ID)

        var steps: [ID] {
            switch self {
            case .nothing, .live(nil): []
            case let .live(issuer?): [issuer]
            case let .dead(like): [like]
            case let .revoked(issuer, revoker): [issuer, revoker]
            case let .loggedOut(issuer, ender): [issuer, ender]
            }
        }
    }

    let id: ID
    let action: Action
    let token: TokenNeed
    /// The steps whose answers its `.seen` samples read, by endpoint id.
    let samples: [String: ID]
    /// Steps that must be over first although it takes nothing from them: they use a token this
    /// step would revoke or end.
    let after: Set<ID>

    var endpoint: AnyEndpoint {
        switch action {
        case let .check(endpoint, _), let .probe(_, endpoint), let .paging(endpoint): endpoint
        }
    }

    /// Everything that must be over before the step starts.
    var prerequisites: Set<ID> { after.union(token.steps).union(samples.values) }

    var isReported: Bool {
        if case .check(_, reported: false) = action { return false }
        return true
    }
}
