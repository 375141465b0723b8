/// An auth failure path a live run tries on an endpoint that needs the token, and the answer the
/// envelope policy says it must get.
public enum AuthProbe: String, Sendable, CaseIterable {
    /// A well-formed token the server never issued.
    case tokenExpired = "token-expired"
    /// The session's token after a second login of the account.
    case revoked = "logout"
    /// A token after the logout endpoint ended it.
    case loggedOut = "logged-out"

    /// The shell variable that stands for the token the probe sends, in its reproduce command.
    var tokenVariable: String {
        switch self {
        case .tokenExpired: "DEAD_TOKEN"
        case .revoked: "REVOKED_TOKEN"
        case .loggedOut: "LOGGED_OUT_TOKEN"
        }
    }

    var findingKind: FindingKind {
        switch self {
        case .tokenExpired: .probeTokenExpired
        case .revoked: .probeLogout
        case .loggedOut: .probeLoggedOut
        }
    }

    /// The classification the answer must have.
    func accepts(_ classification: Classification) -> Bool {
        switch (self, classification) {
        case (.tokenExpired, .tokenExpired), (.loggedOut, .tokenExpired), (.revoked, .logout): true
        default: false
        }
    }

    /// What the answer must be, as the declarations tell it: `tokenExpired (HTTP 403)`,
    /// `tokenExpired (HTTP 401 with code "M_UNKNOWN_TOKEN")`, `logout (code 10504)`.
    func expected(_ api: API) -> String {
        switch self {
        case .tokenExpired, .loggedOut:
            if let status = api.envelope?.expiredHTTPStatuses.min() { return "tokenExpired (HTTP \(status))" }
            return "tokenExpired" + (api.expired.first.map { " (\($0))" } ?? "")
        case .revoked:
            if let code = api.envelope?.logoutCodes.min() { return "logout (code \(code))" }
            return "logout" + (api.logout.first.map { " (\($0))" } ?? "")
        }
    }

    func why(logout: String) -> String {
        switch self {
        case .tokenExpired: "a well-formed but invalid token must be answered as token expired"
        case .revoked: "a token revoked by a second login must be answered with the logout code"
        case .loggedOut: "a token ended by \(logout) must be answered as token expired"
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
