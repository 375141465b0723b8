/// An error answer the document describes as the answer to missing credentials (Kinto's 401,
/// "The request is missing authentication headers."): the missing-token answer. It says nothing
/// of what wrong credentials get, which some servers accept by design (Kinto's basicauth policy
/// takes any account and password as a user of its own), so it is never read as the dead-token
/// answer, whose probe would then fail on a server that keeps its document.
struct MissingCredentialsAnswer {
    /// The statuses every operation that sends the token describes so: what the API promises
    /// a request without credentials gets.
    let statuses: [Int]
    /// The first operation's answer of the first such status: where the note points, and the
    /// description it quotes.
    let first: ImportedErrorAnswer

    /// The statuses a missing credential may be answered with, as servers document it.
    static let candidateStatuses = [401, 403]

    /// Nil unless every operation that sends the token describes one status alike.
    init?(_ sendingToken: [ImportedEndpoint]) {
        guard !sendingToken.isEmpty else { return nil }
        let statuses = Self.candidateStatuses.filter { status in
            sendingToken.allSatisfy { endpoint in endpoint.errorAnswers.contains { $0.status == status && Self.describes($0) } }
        }
        guard let status = statuses.first,
            let first = sendingToken.lazy.flatMap(\.errorAnswers).first(where: { $0.status == status && Self.describes($0) })
        else { return nil }
        self.statuses = statuses
        self.first = first
    }

    /// The `missingToken:` the auth policy declares.
    var expression: String { ".signals([" + statuses.map { ".status(\($0))" }.joined(separator: ", ") + "])" }

    /// What the import inferred, and what it did not declare for it.
    func note(declaresExpired: Bool) -> ImportNote {
        let answers = statuses.map(String.init).joined(separator: " and ")
        var message =
            "every operation that sends the credentials describes its \(answers) as missing credentials "
            + "(\"\(first.description ?? "")\"): declared as the missing-token answer (missingToken: \(expression))"
        if !declaresExpired {
            message +=
                ", not as the dead-token one; the document does not say what wrong credentials get, so no expired: is declared "
                + "and live runs no token-expired probe: declare the server's answer (api.expired = [.status(401)]) in "
                + "adjusted(_:) if it promises one" + ErrorMapping.expiredMocksAdvice
        }
        return ImportNote(.notMapped, at: OpenAPISource.location(first.tokens), message)
    }

    /// Whether an answer's description says credentials are missing, and nothing of wrong ones
    /// ("Missing or invalid token" is the dead-token answer too).
    static func describes(_ answer: ImportedErrorAnswer) -> Bool {
        guard let text = answer.description?.lowercased() else { return false }
        let missing = ["missing", "absent", "not provided", "not supplied", "not present", "no credentials", "without credentials"]
        let credential = ["auth", "credential", "token", "key", "header", "password", "login", "session", "cookie"]
        let wrong = [
            "invalid", "not valid", "expired", "wrong", "incorrect", "unknown", "revoked", "malformed", "bad ", "fail", "dead",
            "rejected", "not recognized",
        ]
        // "missing or dead", "absent or expired": either, so the dead-token answer too.
        let either = [" or ", "/"].contains { text.contains($0) }
        return missing.contains { text.contains($0) } && credential.contains { text.contains($0) }
            && !wrong.contains { text.contains($0) } && !either
    }
}
