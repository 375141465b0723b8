/// Whether an operation replaces or revokes the very credential it is called with: Label Studio's
/// `POST /api/current-user/reset-token/`, GitLab's `POST /personal_access_tokens/self/rotate`, a
/// Django app's `POST /api/auth/token/regenerate/`. Declared as an ordinary write, a full `live`
/// run sent it among the others, early: the key every later check sent was gone, and 173 of 189
/// endpoints were skipped. It ends the token like a logout, so the import declares it
/// `sessionEffect: .logsOut` with a note: `live` never sends it a token issued beforehand (the
/// user's key would change under them), and ends a session of its own with it after everything
/// else.
///
/// Taken for one: a path with no placeholder whose words hold a verb that replaces or revokes
/// (`reset`, `rotate`, `regenerate`, `revoke`...) and a credential (`token`, `key`, `credentials`),
/// and besides them only words naming the caller (`current-user`, `me`, `self`, `auth`). A path
/// naming anything else acts on that thing's token (`/api/invite/reset-token`: an invitation
/// link's), a placeholder on a token picked by id, and a required request body on the token it
/// carries (`POST /api/token/rotate/` with a refresh token): none of them is the run's own. A
/// `DELETE` needs no verb: `DELETE /api/auth/token/` and `DELETE /user/api-key` delete the
/// credential they are called with.
enum CredentialResetOperation {
    static let verbs: Set<String> = ["reset", "rotate", "regenerate", "revoke", "roll", "cycle", "reissue", "invalidate"]
    static let credentials: Set<String> = [
        "token", "tokens", "key", "keys", "apikey", "apikeys", "credential", "credentials", "secret", "secrets",
    ]
    /// Words that name the caller or its credential's kind, not another resource.
    static let callerWords: Set<String> = [
        "api", "current", "user", "users", "me", "my", "self", "account", "profile", "auth", "authentication", "access",
        "personal", "session", "legacy",
    ]

    /// The verb it was taken for a credential reset by (`delete` for a `DELETE`), or nil.
    static func word(path: String, bodyRequired: Bool, deleting: Bool = false) -> String? {
        guard !bodyRequired, !path.contains("{") else { return nil }
        let words = pathWords(path)
        guard let verb = words.first(where: verbs.contains) ?? (deleting ? "delete" : nil), words.contains(where: credentials.contains)
        else { return nil }
        let others = words.filter { !verbs.contains($0) && !credentials.contains($0) && !callerWords.contains($0) }
        return others.isEmpty ? verb : nil
    }

    /// The verb an operation of the document was taken for a credential reset by, or nil.
    static func word(_ operation: JSONValue, method: String, path: String, _ source: OpenAPISource) -> String? {
        let body = operation["requestBody"].flatMap { source.resolve($0) }
        return word(path: path, bodyRequired: body.map { OpenAPISource.bool($0["required"]) } ?? false, deleting: method == "delete")
    }

    /// The path's words, lowercased, without its version segments.
    static func pathWords(_ path: String) -> [String] {
        path.split(separator: "/").flatMap { SwiftName.words(String($0)).map { $0.lowercased() } }.filter { !isVersion($0) }
    }

    /// `v1`, `v2beta`: a version segment says nothing of whose credential it is.
    private static func isVersion(_ word: String) -> Bool {
        word.count >= 2 && word.first == "v" && word.dropFirst().first?.isNumber == true
    }

    static func note(id: String, method: String = "post", path: String) -> String {
        let word = word(path: path, bodyRequired: false, deleting: method == "delete") ?? "reset"
        return "\(id) is taken for a reset of the credential it is called with (its path says '\(word)' of a token or key): "
            + "declared sessionEffect: .logsOut, so live never sends it a token issued beforehand and ends its own sessions "
            + "with it last; remove that if it leaves the credential it is called with working"
    }
}
