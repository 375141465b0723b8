/// The dead-token answer's mocks, and the answer of an API whose login issues a refresh token.
extension ErrorMapping {
    /// A refresh renews the session on the dead-token answer alone. Where not every operation that
    /// sends the token declares a 401 (Superset's deletes list none), the refresh's own 401 is
    /// taken for it, the answer of a token its scheme refuses, so that a token that dies mid-run
    /// is renewed. What a token the server never issued gets is promised by no operation then:
    /// the probes of made-up tokens are left out (`ImportedRefresh.skippedProbes`), as a server
    /// that refuses a forged token otherwise (Flask-JWT-Extended answers it 422) is right to.
    mutating func takeRefreshAnswer(of refresh: ImportedEndpoint, _ without401: [ImportedEndpoint]) {
        guard let answer = refresh.errorAnswers.first(where: { $0.key == "401" && !MissingCredentialsAnswer.describes($0) }) else {
            notes.append(
                ImportNote(
                    .notMapped, at: OpenAPISource.location(["paths"]),
                    "\(refresh.id) renews the token, but no dead-token answer is declared (no expired:) and it declares no 401: "
                        + "live never renews the session; declare the server's in adjusted(_:) (api.expired = [.status(401)])"
                        + Self.expiredMocksAdvice))
            return
        }
        expiredStatuses = [401]
        refreshAnswer = answer
        let listed = without401.isEmpty ? "" : " (\(without401.map(\.id).joined(separator: ", ")) declare none)"
        notes.append(
            ImportNote(
                .madeUp, at: OpenAPISource.location(answer.tokens),
                "the dead-token answer is \(refresh.id)'s 401 (expired: [.status(401)]), so that live renews a token that dies: "
                    + "not every operation that sends the token declares one\(listed), so the document promises nothing of a "
                    + "token the server never issued, and live runs no token-expired or dead-refresh-token probe "
                    + "(skippedProbes); declare the server's answer in adjusted(_:) to have them (a forged JWT gets 422 from "
                    + "Flask-JWT-Extended: api.expired = [.status(401), .status(422)])"))
    }

    /// The refresh's `@refused` mock, its answer to a refresh token it refuses: its 401's first
    /// example, else one made from the 401's schema (the refresh's own, else `dead`'s).
    mutating func writeRefused(of refresh: ImportedEndpoint, dead: ImportedErrorAnswer?) {
        guard declaresExpired,
            let answer = refresh.errorAnswers.first(where: { expiredStatuses.contains($0.status) }) ?? dead
        else { return }
        let value =
            answer.examples.first?.value
            ?? MadeUpErrorBody(source: source, shape: shape, examples: examples).value(
                for: answer.schema ?? .object([]), status: answer.status)
        let file = "mocks/\(refresh.mock)@\(ScenarioName.refused).\(answer.status).json"
        mocks.append(ImportedFile(path: file, text: value.prettyText + "\n"))
    }

    /// The `@expired` mock: the answer's first example, else one made from its schema; its status
    /// pinned in the name unless it is the one replay gives `expired` (the lowest declared).
    mutating func writeExpired(_ answer: ImportedErrorAnswer, of endpoint: inout ImportedEndpoint) {
        let pinned = answer.status == expiredStatuses.min() ? nil : answer.status
        let name = MockFileName(mock: endpoint.mock, scenario: ScenarioName.expired, status: pinned)
        let value: JSONValue
        if let example = answer.examples.first {
            value = example.value
        } else {
            value = MadeUpErrorBody(source: source, shape: shape, examples: examples)
                .value(for: answer.schema ?? .object([]), status: answer.status)
            notes.append(
                ImportNote(
                    .madeUp, at: OpenAPISource.location(answer.tokens), "no example: mocks/\(name) is made from the schema",
                    gist: "no example: the operation's dead-token answer (its @expired mock) is made from the schema"))
        }
        mocks.append(ImportedFile(path: "mocks/\(name)", text: value.prettyText + "\n"))
    }
}
