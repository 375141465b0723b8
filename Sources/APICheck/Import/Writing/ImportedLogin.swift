/// A login the import declares from the document's security: an operation that takes HTTP Basic
/// credentials and answers the token another scheme sends, or an OAuth 2 client-credentials
/// flow's token URL, which becomes an endpoint of its own; both take the credentials as HTTP
/// Basic ones (`loginCredentials: .basic`, as RFC 6749 has a client authenticate). Or an
/// operation that needs no token and takes an account and a password in its JSON body: its body
/// is made from inputs that read them. The token it answers travels as the token's scheme says.
struct ImportedLogin: Equatable {
    enum Source: Equatable {
        /// The document's operation (`post`, `/auth/token`).
        case operation(method: String, path: String)
        /// A token URL no operation declares, relative to the base URL (`oauth/token`), of the
        /// named OAuth 2 scheme, and the scopes the document's requirements of it name.
        case tokenURL(path: String, scheme: String, scopes: [String])
    }

    var source: Source
    /// The answer's member holding the token.
    var tokenField: String
    /// The `AuthPolicy.Placement` expression of the token (`.bearer`).
    var placement: String
    var accountVariable: String
    var passwordVariable: String
    /// The JSON body members that take the account and the password, for a login that takes
    /// them in its body; nil for one that takes HTTP Basic credentials.
    var bodyMembers: (account: String, password: String)?
    /// The OAuth 2 grant its body names in `grant_type` (`password`), for a login an OAuth 2
    /// flow describes: the body then sends RFC 6749's members and those its schema requires only.
    var grantType: String?

    static func == (lhs: ImportedLogin, rhs: ImportedLogin) -> Bool {
        lhs.source == rhs.source && lhs.tokenField == rhs.tokenField && lhs.placement == rhs.placement
            && lhs.accountVariable == rhs.accountVariable && lhs.passwordVariable == rhs.passwordVariable
            && lhs.bodyMembers?.account == rhs.bodyMembers?.account && lhs.bodyMembers?.password == rhs.bodyMembers?.password
            && lhs.grantType == rhs.grantType
    }

    /// The `AuthPolicy` expression, logging in through `endpoint`, with the missing-token answer
    /// (`.signals([.status(401)])`) when the document describes one, and the refresh when it
    /// declares one.
    func policy(endpoint: String, missingToken: String? = nil, refresh: ImportedRefresh? = nil) -> String {
        let skipped = refresh?.skippedProbes ?? []
        return "AuthPolicy(loginEndpoint: \(SwiftName.literal(endpoint)), tokenField: \(SwiftName.literal(tokenField)), "
            + "placement: \(placement), accountVariable: \(SwiftName.literal(accountVariable)), "
            + "passwordVariable: \(SwiftName.literal(passwordVariable))" + (missingToken.map { ", missingToken: \($0)" } ?? "")
            + (refresh?.policy.map { ",\n            refresh: \($0)" } ?? "")
            + (skipped.isEmpty || refresh?.policy == nil ? "" : ", skippedProbes: [\(skipped.map { "." + $0 }.joined(separator: ", "))]")
            + (bodyMembers == nil ? ", loginCredentials: .basic)" : ")")
    }

    /// Whether the document's operation at `method` and `path` is this login.
    func isOperation(method: String, path: String) -> Bool {
        source == .operation(method: method, path: path)
    }

    /// The members an answer's token may sit in, in the order they are looked for.
    static let tokenFields = ["access_token", "accessToken", "token", "id_token", "idToken", "auth_token", "authToken", "jwt"]
}
