/// Whether an operation ends the session it is called with: a logout. A document cannot say so,
/// and declared as an ordinary read, `live --reads-only` sends it beside the others: the server
/// ends the token every other check uses (Airflow's `GET /api/v2/auth/logout` revokes the JWT it
/// is sent with), and the run reads as a server that refuses its credentials. The import guesses
/// it from the path's last segment or the operation's id (`logout`, `sign_out`, `log-off`,
/// `logoutUser`, `user_logout`), for an operation that sends the token, and declares it
/// `sessionEffect: .logsOut` with a note: `live` never sends it a token issued beforehand, and
/// ends a session of its own with it after everything else.
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

    static func note(id: String, path: String) -> String {
        let word = word(operationID: id, path: path) ?? "logout"
        return "\(id) is taken for a logout (its path or id says '\(word)'): declared sessionEffect: .logsOut, so live never sends "
            + "it a token issued beforehand and ends its own sessions with it last; remove that if it does not end the session"
    }
}
