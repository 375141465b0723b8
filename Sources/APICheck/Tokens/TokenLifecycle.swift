/// The answer an API promises for a token in each state: written once, here, and read by the
/// live probes (what they check), the app's client (what sends it through a refresh), the mock
/// tier and `serve` (what they answer). Nothing else maps a token's state to an answer.
///
/// Two readings of one table: `promise(for:)` is what the API declares (nil where it declares
/// nothing, and then no probe runs), `answer(for:)` is what an emulation of the server answers,
/// the promise or, where there is none, the default every emulation shares: the dead-token answer
/// when the API declares one, else a plain HTTP 401.
public struct TokenLifecycle: Sendable {
    public let auth: AuthPolicy
    /// Whether the API declares a dead-token answer (`API.expired`, the envelope's expired codes
    /// or statuses, an endpoint's own).
    public let declaresDeadToken: Bool

    public init(auth: AuthPolicy, declaresDeadToken: Bool) {
        self.auth = auth
        self.declaresDeadToken = declaresDeadToken
    }

    /// What the API promises a token in `state` gets; nil where it promises nothing.
    public func promise(for state: TokenState) -> TokenAnswer? {
        switch state {
        case .issued: return auth.hasToken ? .accepted : nil
        case .issuedBeforehand: return auth.isIssuedBeforehand ? .accepted : nil
        case .missing: return auth.missingToken
        case .neverIssued, .expired: return declaresDeadToken ? .deadToken : nil
        case .revokedByLogin: return auth.revokesEarlierTokens ? auth.revokedToken : nil
        case .loggedOut: return auth.loggedOutToken
        case .refreshedAway: return auth.refresh?.replacedAccessToken
        case .spentRefreshToken: return auth.refresh.map { $0.rotates ? $0.refusedRefreshToken : .accepted }
        case .unknownRefreshToken: return auth.refresh?.refusedRefreshToken
        }
    }

    /// What an emulated server (the mock tier, `serve`) answers a token in `state` with: the
    /// promise, else the shared default.
    public func answer(for state: TokenState) -> TokenAnswer {
        switch state {
        case .issued, .issuedBeforehand: return .accepted
        // Revoked by a login that revokes, or by a forced logout served on purpose: the declared
        // answer either way.
        case .revokedByLogin: return auth.revokedToken
        case .missing, .neverIssued, .expired, .loggedOut, .refreshedAway, .spentRefreshToken, .unknownRefreshToken:
            return promise(for: state) ?? fallback
        }
    }

    /// The answer for a token that does not work where the API declares nothing more precise.
    public var fallback: TokenAnswer { declaresDeadToken ? .deadToken : .signals([.status(401)]) }

    /// Whether the app's client renews the session's token after an answer: only the dead-token
    /// answer sends a call through a refresh; a forced logout ends the session without one.
    public func sendsThroughRefresh(_ classification: Classification) -> Bool {
        if case .tokenExpired = classification { return auth.refresh != nil }
        return false
    }
}

extension API {
    /// The API's token lifecycle: the one table of what each token state gets.
    public var tokenLifecycle: TokenLifecycle { TokenLifecycle(auth: auth, declaresDeadToken: declaresDeadTokenAnswer) }
}
