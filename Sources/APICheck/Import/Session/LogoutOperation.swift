/// Whether an operation ends the session it is called with: a logout. A document cannot say so,
/// and declared as an ordinary read, `live --reads-only` sends it beside the others: the server
/// ends the token every other check uses (Airflow's `GET /api/v2/auth/logout` revokes the JWT it
/// is sent with), and the run reads as a server that refuses its credentials. The import guesses
/// it from the path's last segment or the operation's id (`logout`, `sign_out`, `log-off`,
/// `logoutUser`, `user_logout`), for an operation that sends the token, or that says nothing of
/// its security where the document says nothing either (ZenML's `GET /api/v1/logout` deletes the
/// login's cookie, its document naming no security but each operation's own), and declares it
/// `sessionEffect: .logsOut` with a note: `live` never sends it a token issued beforehand, and
/// ends a session of its own with it after everything else. One that opts out (`security: []`)
/// is public and ends nothing.
enum LogoutOperation {
    static let words: Set<String> = ["logout", "signout", "logoff", "signoff"]

    /// The word it was taken for a logout by, or nil: the path's last segment, or the first or
    /// last one or two words of the id (`logoutUser`, `user_sign_out`; not `logoutableItems`).
    static func word(operationID: String, path: String) -> String? {
        if let last = path.split(separator: "/").last, !last.contains("{") {
            let segment = SwiftName.words(String(last)).joined().lowercased()
            if words.contains(segment) { return segment }
        }
        let id = SwiftName.words(operationID).map { $0.lowercased() }
        let ends = [id.prefix(1), id.prefix(2), id.suffix(1), id.suffix(2)].map { $0.joined() }
        return ends.first(where: words.contains)
    }

    /// Whether an operation that sends no token may still end the session: neither it nor the
    /// document says anything of security, so the server may read the login's cookie.
    static func unsaidSecurity(_ operation: JSONValue, document: JSONValue) -> Bool {
        operation["security"] == nil && document["security"] == nil
    }

    static func note(id: String, path: String, token: Bool = true) -> String {
        let word = word(operationID: id, path: path) ?? "logout"
        guard token else {
            return "\(id) is taken for a logout (its path or id says '\(word)'; it sends no token, but the document says nothing "
                + "of its security, so it may end the session by its cookie): declared sessionEffect: .logsOut, so live checks it "
                + "after everything else; remove that if it does not end the session"
        }
        return "\(id) is taken for a logout (its path or id says '\(word)'): declared sessionEffect: .logsOut, so live never sends "
            + "it a token issued beforehand and ends its own sessions with it last; remove that if it does not end the session"
    }
}
