/// One operation of the document as the package declares it: an `Endpoint<Response>` in the
/// group of its first tag, and its success mock.
struct ImportedEndpoint: Equatable {
    /// The tag whose group declares it (`default` without one).
    var tag: String
    /// The stored property's name in the group.
    var property: String
    var id: String
    /// `.get`, or `HTTPMethod(rawValue: "OPTIONS")`.
    var method: String
    /// Relative to the base URL: `pets/{petId}`.
    var path: String
    /// Each parameter's Swift expression: `.path("petId", .int64, sample: .literal(1))`.
    var parameters: [String]
    var responseType: String
    var successStatus: Int
    /// Other statuses its success may come with (`.alsoSucceeding(with:)`).
    var alsoSuccessStatuses: [Int] = []
    var mock: String
    var token: Bool
    /// The `body:` expression, when the operation takes a JSON body.
    var body: String?
    /// What the import says of a declaration it made up (a token endpoint), as its doc comment.
    var comment: String?
    /// The operation's summary (`summarized(_:)`), which `apicheck openapi` writes back.
    var summary: String?
    /// The operation's description (`described(_:)`), which `apicheck openapi` writes back.
    var details: String?
    /// Where its answers hold a token object's credential (`redacting(_:)`): `$.results[*].key`.
    var secretPaths: [String] = []
    /// The error answers it declares, which `ErrorMapping` makes scenarios of.
    var errorAnswers: [ImportedErrorAnswer] = []
    /// The scenarios of its error mocks (`not_found`), declared so the mock audit knows them.
    var scenarios: [String] = []
    /// `.logsIn` for the login; nil for an endpoint that keeps the session.
    var sessionEffect: String?
    /// `.never` for a logout the dead-token answer was declared without; nil: as the API probes.
    var probing: String?
    /// The ids of the endpoints whose checks must be over before its own when a run has them
    /// (`ordered(after:)`): orders guessed from paths and methods, not needs, so `live --only` of
    /// a read sends no creation it is ordered after.
    var after: [String] = []
    /// A POST taken for a read (`ReadingPost`): `readingOnly()`.
    var readingOnly = false
    /// A deletion of the caller's account or a change of its password (`IdentityEndingOperation`):
    /// `endingIdentity()`.
    var endingIdentity = false
    /// A DELETE that names nothing it acts on (no placeholder, query parameter or body):
    /// `changingGlobalState()`.
    var changingGlobalState = false
    /// A write to an object the run did not create, one a variable names (`ExistingObjectWrites`):
    /// `actingOnExisting()`.
    var actingOnExisting = false
    /// A read the document leaves without content: `acceptingEmptyBody().acceptingBytes()`, so
    /// that an empty answer passes as a JSON one does, and a download (bytes in a type that is
    /// not JSON: Mayan EDMS's document file `download/`) is taken as it came.
    var acceptsEmptyBody = false
    /// The headers every success carries, as the document requires them: `answering(headers:)`.
    var answerHeaders: [String] = []

    /// Whether it reads only (a safe method, or a POST taken for a read): `live --reads-only` checks it.
    var isRead: Bool { readingOnly || ["get", "head", "options"].map(EndpointWriter.methodExpression).contains(method) }

    /// The declaration, as a stored property of its group.
    var declaration: String {
        var arguments = ["id: \(SwiftName.literal(id)), \(method), \(SwiftName.literal(path))"]
        if !parameters.isEmpty {
            arguments.append("parameters: [\n            " + parameters.joined(separator: ",\n            ") + ",\n        ]")
        }
        var rest = ["mock: \(SwiftName.literal(mock))"]
        if token { rest.append("auth: .token") }
        if successStatus != 200 { rest.append("successStatus: \(successStatus)") }
        if let sessionEffect { rest.append("sessionEffect: \(sessionEffect)") }
        if !scenarios.isEmpty { rest.append("scenarios: [\(scenarios.map(SwiftName.literal).joined(separator: ", "))]") }
        if let probing { rest.append("probing: \(probing)") }
        if let body { rest.append("body: \(body)") }
        arguments.append(rest.joined(separator: ", "))
        let doc = comment.map(SwiftName.comment).map { $0.isEmpty ? "" : "    /// \($0)\n" } ?? ""
        var modifiers = ""
        if !alsoSuccessStatuses.isEmpty {
            modifiers += ".alsoSucceeding(with: \(alsoSuccessStatuses.map(String.init).joined(separator: ", ")))"
        }
        if let summary { modifiers += ".summarized(\(SwiftName.literal(summary)))" }
        if let details { modifiers += "\n        .described(\(SwiftName.literal(details)))" }
        if readingOnly { modifiers += ".readingOnly()" }
        if endingIdentity { modifiers += ".endingIdentity()" }
        if changingGlobalState { modifiers += ".changingGlobalState()" }
        if acceptsEmptyBody { modifiers += ".acceptingEmptyBody().acceptingBytes()" }
        if !answerHeaders.isEmpty { modifiers += ".answering(headers: \(answerHeaders.map(SwiftName.literal).joined(separator: ", ")))" }
        var errorStatuses: [(type: String, statuses: [Int])] = []
        for answer in errorAnswers {
            guard let type = answer.otherMediaType, let status = Int(answer.key) else { continue }
            if let index = errorStatuses.firstIndex(where: { $0.type == type }) {
                errorStatuses[index].statuses.append(status)
            } else {
                errorStatuses.append((type, [status]))
            }
        }
        for (type, statuses) in errorStatuses {
            modifiers += ".answeringErrors([\(statuses.sorted().map(String.init).joined(separator: ", "))], in: \(SwiftName.literal(type)))"
        }
        if !secretPaths.isEmpty { modifiers += ".redacting(\(secretPaths.map(SwiftName.literal).joined(separator: ", ")))" }
        if !after.isEmpty { modifiers += ".ordered(after: \(after.map(SwiftName.literal).joined(separator: ", ")))" }
        if actingOnExisting { modifiers += ".actingOnExisting()" }
        return doc + "    public let \(property) = Endpoint<\(responseType)>(\n        \(arguments.joined(separator: ",\n        ")))"
            + modifiers
    }
}
