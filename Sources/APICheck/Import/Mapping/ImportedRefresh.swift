/// The refresh the import declares beside a login: the operation that trades the login's refresh
/// token for a new access token, the refresh token sent as the credential of a security scheme of
/// its own (Flask-JWT-Extended's `Authorization: Bearer <refresh token>`, Superset's
/// `jwt_refresh`), or as a member of its JSON body (`POST /token/refresh` with
/// `{"refresh_token": ...}`, an OAuth 2 password flow's `refreshUrl`), so that `live` renews a
/// session whose token dies and probes the refresh.
struct ImportedRefresh: Equatable {
    /// The document's operation (`post`, `/api/v1/security/refresh`).
    var method: String
    var path: String
    /// The security scheme that sends the refresh token; nil when its body carries it.
    var scheme: String?
    /// The `AuthPolicy.Placement` expression of the refresh token (`.bearer`); nil when its body carries it.
    var placement: String?
    /// The member of its JSON body that carries the refresh token (`refresh_token`), declared a
    /// body parameter of the refresh endpoint; nil when a scheme sends it.
    var parameter: String?
    /// Where the login's answer keeps the refresh token (`$.refresh_token`).
    var refreshTokenPath: String
    /// The refresh endpoint's id, once it is declared.
    var endpoint: String?
    /// The probes of tokens the document promises no answer to (`token-expired`,
    /// `dead-refresh-token`): set when the dead-token answer is the refresh's own, not one every
    /// operation that sends the token declares.
    var skippedProbes: [String] = []

    /// The `RefreshPolicy` expression. A refresh token is not taken to rotate: a document that
    /// answers a new one promises nothing of the old, and a probe of that promise would fail a
    /// server that keeps it.
    var policy: String? {
        guard let endpoint else { return nil }
        let carrier = placement.map { "placement: \($0)" } ?? "parameter: \(SwiftName.literal(parameter ?? "refresh_token"))"
        return "RefreshPolicy(endpoint: \(SwiftName.literal(endpoint)), \(carrier), "
            + "refreshToken: \(SwiftName.literal(refreshTokenPath)), rotates: false)"
    }

    /// How the refresh token travels, as a note says it.
    var carried: String {
        parameter.map { "in the '\($0)' member of its body" } ?? "as the \(scheme ?? "") scheme does"
    }

    /// Whether the document's operation at `method` and `path` is this refresh.
    func isOperation(method: String, path: String) -> Bool {
        self.method == method && self.path == path
    }

    /// Members of a login's answer that hold a refresh token, in the order they are looked for.
    static let tokenFields = ["refresh_token", "refreshToken"]
}
