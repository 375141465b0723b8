/// An auth promise a live run checks, one probe per promise the API declares: each sends a token
/// the server must refuse (or, for `refresh`, one it must accept) and judges the answer against the
/// declaration. The raw values are the names `--probes` takes and reports print.
public enum AuthProbe: String, Sendable, CaseIterable {
    /// A well-formed token the server never issued gets the dead-token answer (`API.expired`).
    case tokenExpired = "token-expired"
    /// A request without a token gets the missing-token answer (`AuthPolicy.missingToken`).
    case missingToken = "missing-token"
    /// The session's token after a second login of the account gets the answer the API promises
    /// for it (`AuthPolicy.revokesEarlierTokens`, `revokedToken`): the demo's forced logout.
    case revoked = "logout"
    /// A token after the logout endpoint ended it gets `AuthPolicy.loggedOutToken`.
    case loggedOut = "logged-out"
    /// A refresh yields a new access token that works (and, where refresh tokens rotate, a new
    /// refresh token).
    case refresh
    /// The access token a refresh replaced gets `RefreshPolicy.replacedAccessToken`.
    case replacedToken = "replaced-token"
    /// A rotated refresh token used a second time is refused (`RefreshPolicy.rotates`).
    case reusedRefreshToken = "reused-refresh-token"
    /// A refresh token the server never issued is refused.
    case deadRefreshToken = "dead-refresh-token"

    /// The shell variable that stands for the token the probe sends, in its reproduce command.
    var tokenVariable: String {
        switch self {
        case .tokenExpired: "DEAD_TOKEN"
        case .missingToken: "NO_TOKEN"
        case .revoked: "REVOKED_TOKEN"
        case .loggedOut: "LOGGED_OUT_TOKEN"
        case .refresh: "REFRESH_TOKEN"
        case .replacedToken: "REPLACED_TOKEN"
        case .reusedRefreshToken: "USED_REFRESH_TOKEN"
        case .deadRefreshToken: "DEAD_REFRESH_TOKEN"
        }
    }

    var findingKind: FindingKind {
        switch self {
        case .tokenExpired: .probeTokenExpired
        case .missingToken: .probeMissingToken
        case .revoked: .probeLogout
        case .loggedOut: .probeLoggedOut
        case .refresh, .replacedToken, .reusedRefreshToken, .deadRefreshToken: .probeRefresh
        }
    }

    /// The answer the API promises for this probe's token; nil when it promises none, and then
    /// the probe does not run.
    public func promise(_ api: API) -> TokenAnswer? {
        let auth = api.auth
        switch self {
        case .tokenExpired: return api.declaresDeadTokenAnswer ? .deadToken : nil
        case .missingToken: return auth.missingToken
        case .revoked: return auth.revokesEarlierTokens ? auth.revokedToken : nil
        case .loggedOut: return auth.loggedOutToken
        case .refresh: return auth.refresh == nil ? nil : .accepted
        case .replacedToken: return auth.refresh?.replacedAccessToken
        case .reusedRefreshToken: return auth.refresh.flatMap { $0.rotates ? $0.refusedRefreshToken : nil }
        case .deadRefreshToken: return auth.refresh?.refusedRefreshToken
        }
    }

    /// A token shaped like a real one (same length, same character classes, same first four
    /// characters) that the server never issued.
    static func deadToken(like token: String, avoiding: [String]) -> String {
        let digits = Array("0123456789"), letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for _ in 0..<8 {
            var characters = Array(token)
            for index in characters.indices.dropFirst(min(4, max(0, characters.count - 8))) {
                let character = characters[index]
                if character.isNumber { characters[index] = digits.randomElement()! }
                else if character.isLetter { characters[index] = letters.randomElement()! }
            }
            let candidate = String(characters)
            if !candidate.isEmpty, !avoiding.contains(candidate) { return candidate }
        }
        // A token with nothing to vary (all punctuation, or empty): lengthen it instead.
        return token + "0deadtoken" + String(Int.random(in: 100_000...999_999))
    }
}
