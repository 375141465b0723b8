/// Whether a write to the account it is called as, with a body made up from the schema, would
/// change what the account logs in by: Mayan EDMS's `PUT /api/v4/users/current/` with
/// `{"username": "string"}` renames the account the run logs in as, and every later login of this
/// run and the next is refused, as after a deletion.
///
/// Taken for one, when it sends the token and its path has no placeholder: a `PUT` or `PATCH`
/// (a `POST` only beside a change word, `/account/update`) whose path's words name the caller
/// (`current`, `me`, `account`, `profile`...) and besides it only the words around it (`api`,
/// `users`); and a top-level member of its made-up body named as what an account is found by
/// (`username`, `login`, `email`...). A display name (`name`, `first_name`) identifies nothing.
///
/// The import keeps what it can of the check: a member the schema leaves optional is left out of
/// the sample, and the rest of the write is sent and judged; one the schema requires cannot be
/// left out (the server would refuse the body, and the sample would not decode), so the
/// operation is declared `endingIdentity()`, and `live` sends it only when `--only` names it.
enum IdentityChangingWrite {
    /// Member names an account is found by at login, their words joined (`user_name` is `username`).
    static let identifyingNames: Set<String> = [
        "username", "login", "loginname", "loginid", "email", "emailaddress", "mail", "handle", "accountname", "userid",
    ]

    /// Whether the operation writes the account it is called as (before its body is looked at).
    static func writesCaller(method: String, path: String) -> Bool {
        guard ["put", "patch", "post"].contains(method), !path.contains("{") else { return false }
        let words = CredentialResetOperation.pathWords(path)
        let changeWords = IdentityEndingOperation.changeWords
        let caller = CredentialResetOperation.callerWords.union(IdentityEndingOperation.selfWords)
        guard words.contains(where: IdentityEndingOperation.selfWords.contains),
            words.allSatisfy({ caller.contains($0) || changeWords.contains($0) })
        else { return false }
        return method != "post" || words.contains(where: changeWords.contains)
    }

    /// Whether a member's name is one an account is found by.
    static func isIdentifying(_ name: String) -> Bool {
        identifyingNames.contains(SwiftName.words(name).map { $0.lowercased() }.joined())
    }

    /// The identifying members of a made-up body, in its order.
    static func members(in value: JSONValue) -> [String] {
        guard case let .object(members) = value else { return [] }
        return members.map(\.key).filter(isIdentifying)
    }

    /// The members an object schema and its `allOf` parts require, references followed.
    static func requiredMembers(_ schema: JSONValue, source: OpenAPISource, depth: Int = 0) -> Set<String> {
        guard depth < 16, let schema = source.resolve(schema) else { return [] }
        var required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        for part in OpenAPISource.array(schema["allOf"]) {
            required.formUnion(requiredMembers(part, source: source, depth: depth + 1))
        }
        return required
    }

    /// The body without `names`.
    static func removing(_ names: [String], from value: JSONValue) -> JSONValue {
        guard case let .object(members) = value else { return value }
        return .object(members.filter { !names.contains($0.key) })
    }

    static func leftOutNote(id: String, method: String, path: String, members: [String]) -> String {
        "\(id) writes the account it is called as (\(method.uppercased()) \(path), no id) and its body is made from the schema: "
            + "\(quoted(members)) left out of the sample, as a made-up value would change what the run's account logs in by; "
            + "the rest is sent and checked"
    }

    static func endingNote(id: String, method: String, path: String, members: [String]) -> String {
        "\(id) writes the account it is called as (\(method.uppercased()) \(path), no id) and its body, made from the schema, "
            + "requires \(quoted(members)), whose made-up value would change what the run's account logs in by: declared "
            + "endingIdentity(), so live checks it only when --only names it, after everything else; give the body a sample "
            + "that keeps the account's own \(quoted(members)) and remove that"
    }

    private static func quoted(_ members: [String]) -> String {
        members.map { "'\($0)'" }.joined(separator: ", ")
    }
}
