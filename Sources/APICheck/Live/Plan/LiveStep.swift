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
        /// Sends the endpoint one declared error check's inputs, after its own check, and judges
        /// the answer against the check's status and the API's error shape.
        case errorCheck(ErrorCheck, AnyEndpoint)
        /// Ends a session the run opened, through the logout endpoint, unreported; a failure
        /// becomes a note of the run (the server may keep a session of ours).
        case endSession(AnyEndpoint)
        /// Takes the token issued beforehand from its environment variable: the session's token
        /// on an API without a login endpoint. Sends nothing.
        case preIssuedToken(variable: String)
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
        /// The token the last of these steps to issue one issued: a session the run ends.
        case latest([ID])
        /// No token at all, once that step is over (the missing-token probe).
        case withoutToken(after: ID?)
        /// The access token `issuedBy` issued, after `replacedBy` refreshed it.
        case replaced(issuedBy: ID, replacedBy: ID)
        /// The refresh token `issuedBy` issued (the refresh endpoint's parameter, not the access
        /// token), once `after` (a refresh that used it, a use of the new token) is over.
        case refreshToken(issuedBy: ID, after: [ID])
        /// A refresh token shaped like the one that step issued, which the server never issued.
        case deadRefreshToken(like: ID)

        var steps: [ID] {
            switch self {
            case .nothing, .live(nil): []
            case let .live(issuer?): [issuer]
            case let .dead(like): [like]
            case let .revoked(issuer, revoker): [issuer, revoker]
            case let .loggedOut(issuer, ender): [issuer, ender]
            case let .latest(issuers): issuers
            case let .withoutToken(after): after.map { [$0] } ?? []
            case let .replaced(issuer, replacer): [issuer, replacer]
            case let .refreshToken(issuer, after): [issuer] + after
            case let .deadRefreshToken(like): [like]
            }
        }

        /// Whether the token goes into the refresh endpoint's parameter rather than where the
        /// access token travels.
        var isRefreshToken: Bool {
            switch self {
            case .refreshToken, .deadRefreshToken: true
            default: false
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
        case let .check(endpoint, _), let .probe(_, endpoint), let .paging(endpoint), let .endSession(endpoint),
            let .errorCheck(_, endpoint):
            endpoint
        case .preIssuedToken: AnyEndpoint.preIssuedToken
        }
    }

    /// Everything that must be over before the step starts.
    var prerequisites: Set<ID> { after.union(token.steps).union(samples.values) }

    var isReported: Bool {
        switch action {
        case .check(_, reported: false), .endSession, .preIssuedToken: false
        default: true
        }
    }
}

extension AnyEndpoint {
    /// What a step that takes the pre-issued token stands for: it calls nothing.
    static let preIssuedToken = Endpoint<String>(id: "(pre-issued token)", .get, "", mock: "(none)").erased
}
