/// Whether an operation ends the identity it is called as: deletes the account (Mayan EDMS's
/// `DELETE /api/v4/users/current/`, a `DELETE /me`) or changes the password it logs in with
/// (`POST /users/me/password`, `POST /auth/password/change/`). Declared as an ordinary write, a
/// full `live` sends it among the others: the account the run logs in as is gone, every later
/// check is refused, and the next run cannot log in until the account is made again by hand. No later login helps, as it does after a logout, so the import declares it
/// `endingIdentity()` with a note: `live` checks it only when `--only` names it.
///
/// Taken for one, when it sends the token and its path has no placeholder (an id picks another
/// account, or a password the caller may not hold): a `DELETE` whose path's words name the caller
/// (`current`, `me`, `self`, `account`, `user`, `profile`) and nothing else (`/users` is every
/// account; `/users/me/avatar` is the caller's picture); a `POST`, `PUT` or `PATCH` whose path
/// names a password and besides it only the caller and a change (`change`, `set`, `update`). A
/// password reset (`/auth/password/reset/`) asks for a message to an address and changes nothing.
enum IdentityEndingOperation {
    /// Words that name the caller itself, where `CredentialResetOperation.callerWords` also holds
    /// the words around it (`api`, `users`, `auth`).
    static let selfWords: Set<String> = ["current", "me", "my", "self", "account", "user", "profile", "whoami"]
    static let passwordWords: Set<String> = ["password", "passwd", "passphrase"]
    static let changeWords: Set<String> = ["change", "set", "update", "new"]

    /// What an operation ends of the identity it is called as.
    enum Ending { case account, password }

    /// What the operation ends, or nil.
    static func ending(method: String, path: String) -> Ending? {
        guard !path.contains("{") else { return nil }
        let words = CredentialResetOperation.pathWords(path)
        let caller = CredentialResetOperation.callerWords.union(selfWords)
        if method == "delete" {
            return words.contains(where: selfWords.contains) && words.allSatisfy(caller.contains) ? .account : nil
        }
        guard ["post", "put", "patch"].contains(method), words.contains(where: passwordWords.contains) else { return nil }
        return words.allSatisfy { caller.contains($0) || passwordWords.contains($0) || changeWords.contains($0) } ? .password : nil
    }

    static func note(id: String, method: String, path: String) -> String {
        let what = ending(method: method, path: path) == .account ? "a deletion" : "a change of the password"
        return
            "\(id) is taken for \(what) of the account it is called as (\(method.uppercased()) \(path), no id): declared endingIdentity(), "
            + "so live checks it only when --only names it, after everything else, and says so otherwise; remove that if "
            + "the account keeps working with the same credentials"
    }
}
