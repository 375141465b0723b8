/// The operations' error answers (4xx, 5xx, `4XX`, `default`) into what the API declares of them:
///
/// - the error shape: `.problemJSON` when every error answer with JSON content that describes
///   its members is `application/problem+json` or has problem details' `type` and `title`; else a
///   code field and a message field that every such answer has (`code`/`message`,
///   `errcode`/`error`, `error.code`/`error.message`, `errors[0].code`/`errors[0].message`...),
///   the first of `codeFields` and `messageFields` they share; else none, noted. An answer
///   without a schema, or with a free-form object, and no example describes none;
/// - each error example as a scenario mock, `mocks/<mock>@<example key>.<status>.json` (the key,
///   else the status's name: `not_found`), its scenario declared on the endpoint so the mock audit
///   knows it, written only when the example carries the shape's code (else the audit would find
///   it classifies as no failure), noted otherwise;
/// - the dead-token answer `expired: [.status(401)]`, only when every operation that sends the
///   token declares a 401 with JSON content: that is the promise `live`'s token-expired probe
///   then holds the server to (a token it never issued answered 401), and a document that
///   declares a 401 on some operations only does not make it. Where every one declares a 403
///   with content too, the document does not say which of the two a dead token gets (Airflow
///   answers a missing token 401 and a wrong one 403), so either is the answer:
///   `expired: [.status(401), .status(403)]`. A logout is not counted: documents often list no
///   error of it, and one that lists none is declared `probing: .never`, as it may end any token
///   it is sent. Each such operation's 401 example (else one made from its schema) is its
///   `@expired` mock, which the audit then requires; where either status is the answer, the
///   403's is (`@expired.403.json`) and a missing token is declared to get either, the 401 first
///   (`missingToken: .signals([.status(401), .status(403)])`): serve then answers no token 401
///   and a token sent and refused 403, as Airflow does, and an app meets both;
/// - the missing-token answer, when every such operation describes a 401 or 403 as the answer
///   to missing credentials (`MissingCredentialsAnswer`): such a 401 is no dead-token answer.
struct ErrorMapping {
    /// Where a failure's code may sit, in the order they are preferred.
    static let codeFields = [
        "$.code", "$.error_code", "$.errorCode", "$.errcode", "$.error.code", "$.error", "$.status", "$.errors[0].code",
    ]
    /// Where its message may sit, in the order they are preferred.
    static let messageFields = [
        "$.message", "$.msg", "$.error_description", "$.errorMessage", "$.error_message", "$.detail",
        "$.description", "$.error.message", "$.error", "$.title", "$.errors[0].message",
    ]
    /// Scenario names with a meaning of their own, which an example's key must not take.
    static let standardScenarios = Set(ScenarioName.reserved.map(\.rawValue))
    /// What declaring a dead-token answer by hand asks for, said with the advice to: the mock
    /// audit then requires every token endpoint's `@expired` mock, which the import wrote none
    /// of, so `serve` would refuse to start with no word of why.
    static let expiredMocksAdvice =
        "; declared so, each endpoint that sends the token needs its dead-token mock (<mock>@expired.json): "
        + "apicheck mocks lists each one missing, and serve refuses to start until they exist (--allow-invalid starts it)"

    let source: OpenAPISource
    /// The shape the API declares, and its Swift expression.
    private(set) var shape: ErrorShape?
    private(set) var shapeExpression: String?
    /// The document's error examples, with the status of their answers.
    var examples: [(document: JSONValue, status: Int)] = []
    /// The statuses of the dead-token answer the API declares (`expired:`); none when it declares none.
    var expiredStatuses: [Int] = []
    var declaresExpired: Bool { !expiredStatuses.isEmpty }
    /// The auth policy's `missingToken:` expression, when the answers describe one
    /// (`MissingCredentialsAnswer`).
    private(set) var missingToken: String?
    var mocks: [ImportedFile] = []
    var notes: [ImportNote] = []
    /// The refresh's 401, when the dead-token answer is taken from it (`ErrorMapping+DeadToken`).
    var refreshAnswer: ImportedErrorAnswer?

    init(source: OpenAPISource) {
        self.source = source
    }

    /// Decides the shape and the dead-token answer from every endpoint's error answers, then
    /// writes the mocks and declares each endpoint's scenarios.
    mutating func map(_ endpoints: inout [ImportedEndpoint], tokenPolicy: Bool, refresh: String? = nil) {
        let answers = endpoints.flatMap(\.errorAnswers).filter { $0.mediaType != nil }
        decideShape(answers)
        let sendingToken = endpoints.filter { $0.token && $0.sessionEffect != ".logsOut" }
        let without401 = sendingToken.filter { endpoint in !endpoint.errorAnswers.contains { $0.key == "401" && $0.mediaType != nil } }
        // A 401 described as the answer to missing credentials promises nothing of wrong ones.
        let missing401 = sendingToken.filter { endpoint in
            endpoint.errorAnswers.contains { $0.key == "401" && MissingCredentialsAnswer.describes($0) }
        }
        if tokenPolicy, !sendingToken.isEmpty, without401.isEmpty, missing401.isEmpty {
            let with403 = sendingToken.allSatisfy { endpoint in
                endpoint.errorAnswers.contains { $0.key == "403" && $0.mediaType != nil && !MissingCredentialsAnswer.describes($0) }
            }
            expiredStatuses = with403 ? [401, 403] : [401]
        }
        let refreshIndex = endpoints.firstIndex { $0.id == refresh && $0.sessionEffect == ".refreshes" }
        if tokenPolicy, !declaresExpired, missing401.isEmpty, let refreshIndex {
            takeRefreshAnswer(of: endpoints[refreshIndex], without401)
        }
        let missing = tokenPolicy ? MissingCredentialsAnswer(sendingToken) : nil
        missingToken = missing?.expression
        if missing == nil, declaresExpired,
            sendingToken.allSatisfy({ endpoint in endpoint.errorAnswers.contains { $0.key == "401" && $0.answersMissingToken } })
        {
            missingToken = ".deadToken"
        } else if missing == nil, expiredStatuses.count > 1 {
            // Either status may answer no token as well; the 401 first, HTTP's status for a
            // request without credentials, is what serve answers it with.
            missingToken = ".signals([" + expiredStatuses.map { ".status(\($0))" }.joined(separator: ", ") + "])"
        }
        if let missing {
            notes.append(missing.note(declaresExpired: declaresExpired))
        } else if tokenPolicy, without401.isEmpty, !missing401.isEmpty {
            notes.append(
                ImportNote(
                    .notMapped, at: "#/paths",
                    "no dead-token answer is declared (no expired:): the 401 of \(missing401.map(\.id).joined(separator: ", ")) "
                        + "is described as the answer to missing credentials, which says nothing of wrong ones; declare the "
                        + "server's in adjusted(_:) if it promises one, by the status it answers a wrong token with "
                        + "(api.expired = [.status(401)], or 403 where it answers so, as Django REST framework's token authentication does)"
                        + Self.expiredMocksAdvice
                ))
        }
        // Where the 401 is the missing-token answer, its note says why no dead-token answer is declared.
        let said = missing?.statuses.contains(401) == true || refreshAnswer != nil
        if tokenPolicy, !said, !without401.isEmpty, without401.count < sendingToken.count {
            notes.append(
                ImportNote(
                    .notMapped, at: "#/paths",
                    "no dead-token answer is declared (no expired:): "
                        + "\(without401.map(\.id).joined(separator: ", ")) send\(without401.count == 1 ? "s" : "") the token without declaring a 401 with content"
                ))
        } else if tokenPolicy, !said, !sendingToken.isEmpty, without401.count == sendingToken.count {
            // Said, or a run's missing probes look like a server that passed them.
            notes.append(
                ImportNote(
                    .notMapped, at: "#/paths",
                    "no operation that sends the token declares a 401 with content: no dead-token answer is declared "
                        + "(no expired:), so live runs no dead-token probe; declare the server's in adjusted(_:) to have one, by the "
                        + "status it answers a wrong token with (api.expired = [.status(401)], or 403 where it answers so, "
                        + "as Django REST framework's token authentication does)" + Self.expiredMocksAdvice))
        }
        let dead = sendingToken.lazy.flatMap(\.errorAnswers).first { $0.key == deadKey }
        for index in endpoints.indices {
            // A logout that declares no dead-token answer may end any token it is sent (Airflow's
            // answers its 307 to a made-up one), so it is not probed; its mock is the others' 401.
            let endpoint = endpoints[index]
            if declaresExpired, endpoint.token, endpoint.sessionEffect == ".logsOut", let dead,
                !endpoint.errorAnswers.contains(where: { expiredStatuses.contains($0.status) })
            {
                endpoints[index].probing = ".never"
                writeExpired(dead, of: &endpoints[index])
            }
            if let refreshAnswer, endpoint.token, endpoint.sessionEffect != ".logsOut",
                !endpoint.errorAnswers.contains(where: { $0.key == "401" })
            {
                writeExpired(refreshAnswer, of: &endpoints[index])
            }
            writeMocks(&endpoints[index])
        }
        if let refreshIndex { writeRefused(of: endpoints[refreshIndex], dead: dead) }
    }

    // MARK: - The shape

    private mutating func decideShape(_ answers: [ImportedErrorAnswer]) {
        guard let first = answers.first else { return }
        examples = answers.flatMap { answer in answer.examples.map { ($0.value, answer.status) } }
        // An answer read as having no fields because its schema could not be reached lacks
        // nothing the server sends: the advice is to reach the schema, not to add fields.
        if let unreachable = answers.first(where: { $0.schemaUnreachable && fields(of: $0).isEmpty }) {
            notes.append(
                ImportNote(
                    .notMapped, at: OpenAPISource.location(unreachable.tokens),
                    "an error answer's schema cannot be reached (its reference leads nowhere), so no code and message fields are known: "
                        + "no error shape is declared, and their examples are not written as mocks"))
            return
        }
        // A free-form answer (a map of anything, a health check's report) says nothing of the
        // shape: only those that describe their members decide it. An empty example (`{}`, as
        // `apicheck openapi` writes a dead-token answer whose body is no part of the contract)
        // says nothing either, however many operations repeat it.
        let described = answers.map { ($0, fields(of: $0)) }.filter { answer, fields in
            answer.isProblemJSON || !fields.isEmpty || answer.examples.contains { $0.value != .object([]) } || !saysNothing(answer)
        }
        guard !described.isEmpty else {
            notes.append(
                ImportNote(
                    .notMapped, at: OpenAPISource.location(first.tokens),
                    "no error answer describes its members (free-form or no schema, no example): no error shape is declared, "
                        + "and their examples are not written as mocks"))
            return
        }
        if described.allSatisfy({ $0.isProblemJSON || ($1["$.type"] != nil && $1["$.title"] != nil) }) {
            shape = .problemJSON
            shapeExpression = ".problemJSON"
            return
        }
        // The shape is API-wide: one declared over answers that do not all carry it would read
        // theirs as no error of the API's, a false finding on each.
        let pairs = Self.codeFields.flatMap { code in Self.messageFields.filter { $0 != code }.map { (code, $0) } }
        let held = pairs.map { pair in described.filter { Self.has(pair, $0.1) } }
        // Only answers most others differ from are pointed at; without a majority none is the odd one.
        guard let best = held.indices.max(by: { held[$0].count < held[$1].count }), held[best].count * 2 > described.count else {
            notes.append(
                ImportNote(
                    .notMapped, at: OpenAPISource.location(described[0].0.tokens),
                    "the error answers share no code and message fields: no error shape is declared, and their examples are not written as mocks"
                ))
            return
        }
        let (code, message) = pairs[best]
        let lacking = described.filter { !Self.has(pairs[best], $0.1) }.map(\.0)
        guard lacking.isEmpty else {
            let others = lacking.count == 1 ? "" : " (and \(lacking.count - 1) other\(lacking.count == 2 ? "" : "s"))"
            notes.append(
                ImportNote(
                    .notMapped, at: OpenAPISource.location(lacking[0].tokens),
                    "this error answer\(others) lacks the code \(code) and message \(message) that \(held[best].count) of the "
                        + "\(described.count) error answers have: no error shape is declared, and their examples are not written as mocks; "
                        + "declare ErrorShape(code: \(SwiftName.literal(code)), message: \(SwiftName.literal(message))) by hand "
                        + "if those answers are not the API's errors"))
            return
        }
        shape = ErrorShape(code: JSONPath(parsing: code)!, message: JSONPath(parsing: message)!)
        shapeExpression = "ErrorShape(code: \(SwiftName.literal(code)), message: \(SwiftName.literal(message)))"
    }

    // MARK: - Mocks

    /// The answer the `@expired` mock is written from: the 401's, or the 403's where either is the
    /// dead-token answer, since a missing token takes the 401 then (`missingToken`) and serve
    /// answers a token sent and refused with the other, so an app meets both as the server may
    /// send them (Airflow answers a made-up token 403).
    private var deadKey: String { expiredStatuses.last.map(String.init) ?? "401" }

    private mutating func writeMocks(_ endpoint: inout ImportedEndpoint) {
        var scenarios = Self.standardScenarios
        // Their examples would read as the dead-token answer, no failure of their own.
        let dead = endpoint.errorAnswers.filter { answer in
            declaresExpired && endpoint.token && expiredStatuses.contains { String($0) == answer.key }
        }
        if let expired = dead.first(where: { $0.key == deadKey }) ?? dead.first { writeExpired(expired, of: &endpoint) }
        for answer in endpoint.errorAnswers where !dead.contains(answer) {
            // The refresh's is its `@refused` mock.
            if expiredStatuses.contains(answer.status), endpoint.sessionEffect == ".refreshes" { continue }
            for example in answer.examples {
                guard let shape else {
                    notes.append(
                        ImportNote(
                            .notMapped, at: OpenAPISource.location(answer.tokens),
                            "the API declares no error shape: this example is not written as a mock"))
                    continue
                }
                guard shape.read(example.value) != nil else {
                    notes.append(
                        ImportNote(
                            .notMapped, at: OpenAPISource.location(answer.tokens + (example.name.map { ["examples", $0] } ?? ["example"])),
                            "the example has no code at \(shape.codePath): not written as a mock (it would be no failure in the API's error shape)"
                        ))
                    continue
                }
                let scenario = SwiftName.unique(Self.scenarioName(example.name ?? Self.statusName(answer.status)), in: &scenarios)
                endpoint.scenarios.append(scenario)
                mocks.append(
                    ImportedFile(path: "mocks/\(endpoint.mock)@\(scenario).\(answer.status).json", text: example.value.prettyText + "\n"))
            }
        }
    }
}
