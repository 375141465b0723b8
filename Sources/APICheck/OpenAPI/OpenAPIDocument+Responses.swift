extension OpenAPIDocument {
    /// The responses of an operation. Each success status (200 unless declared) carries the success
    /// envelope around the payload's schema (or the raw payload, for an endpoint without an
    /// envelope; no content for `NoContent`, which an envelope wraps but in a 204) and, for an enveloped endpoint, the failure
    /// envelope too: failures, forced logouts and refused calls may come with a success status and
    /// a code. An endpoint that needs the token also answers the dead-token statuses; error
    /// statuses carry the API's error shape when it declares one. Every mock of the endpoint is a
    /// named example under the status it is replayed with; each declared error check's status is
    /// a response, its description naming the checks' scenarios.
    func responses(
        _ endpoint: AnyEndpoint, recorder: SchemaRecorder,
        answers: [(file: MockFileName, status: Int, value: JSONValue)]
    ) throws(SchemaRecordingError) -> JSONValue {
        let payload = try recorder.schema(for: endpoint.responseType)
        var examples: [Int: [(key: String, value: JSONValue)]] = [:]
        for (file, status, value) in answers {
            let example = JSONValue.object([("summary", .string(file.description)), ("value", value)])
            examples[status, default: []].append(((file.scenario ?? .success).rawValue, example))
        }
        let successes = Set(endpoint.successStatuses)
        let policy = api.envelope(for: endpoint)
        let expiredStatuses = Set(api.rules(for: endpoint).expired.compactMap(\.status))
        var statuses = Set(examples.keys).union(successes)
        if endpoint.requiresToken { statuses.formUnion(expiredStatuses) }
        statuses.formUnion(endpoint.errorChecks.map(\.status))
        let textErrors = endpoint.errorMediaTypes.filter { !$0.value.isJSON && !successes.contains($0.key) }
        statuses.formUnion(textErrors.keys)
        var responses: [(key: String, value: JSONValue)] = []
        for status in statuses.sorted() {
            var schema: JSONValue, description: String
            var contentType = "application/json"
            var extensions: [(key: String, value: JSONValue)] = []
            var headers: [(key: String, value: JSONValue)] = []
            if successes.contains(status), endpoint.answersBytes {
                responses.append((String(status), bytesResponse(endpoint)))
                continue
            }
            if successes.contains(status) {
                if case .link? = endpoint.paging?.cursor { headers.append(("Link", Self.nextLinkHeader)) }
                // Required: every success has them, which is what `import-openapi` declares again.
                for name in endpoint.answerHeaders where !headers.contains(where: { HeaderName.same($0.key, name) }) {
                    headers.append((name, .object([("required", .bool(true)), ("schema", JSONSchema.type("string"))])))
                }
                // The media type the endpoint declares (its `Accept`'s, `application/geo+json`):
                // written as a header parameter it would be ignored, as OpenAPI says of `Accept`.
                if let declared = endpoint.declaredMediaTypes.first(where: \.isJSON) { contentType = declared.essence }
                if let policy {
                    schema = .object([("anyOf", .array([successEnvelope(payload, policy), failureEnvelope(policy)]))])
                    description =
                        "Success (code \(policy.successCodes.sorted().map(\.text).joined(separator: ", "))), "
                        + "or a failure envelope"
                } else {
                    schema = payload
                    description = "Success: the payload itself, not enveloped"
                }
                // Any status of `NoContent`: a 200 without content (Alertmanager's `POST /alerts`)
                // written as a `null` body would come back from an import as a JSON answer. An
                // envelope still wraps its empty payload, except in a 204, which has no body.
                if endpoint.acceptsEmptyBody, status == 204 || policy == nil, examples[status] == nil {
                    responses.append((String(status), .object([("description", .string("Success: no content"))])))
                    continue
                }
            } else if endpoint.requiresToken, expiredStatuses.contains(status) {
                schema = JSONSchema.any
                // Said so an import reads it back as the missing-token promise: a description's
                // "or missing" is read as no promise of what a missing token gets.
                let missingToo = api.auth.missingToken == .deadToken
                if missingToo { extensions.append((ImportedErrorAnswer.missingTokenExtension, .bool(true))) }
                description =
                    api.auth.placement == .basic
                    ? "The credentials are refused (a wrong password or an unknown account\(missingToo ? ", or none" : "")); "
                        + "the body is not part of the contract"
                    : "The token is dead (expired\(missingToo ? ", unknown or missing" : " or unknown")); the body is not part of the contract"
            } else if let type = textErrors[status] {
                schema = JSONSchema.type("string")
                description = "An error, its message as \(type)"
            } else if let policy, (examples[status] ?? []).allSatisfy({ isEnvelope($0.value["value"], policy) }) {
                schema = failureEnvelope(policy)
                description = "A failure envelope"
            } else if let errors = api.errors, !(200..<300).contains(status) {
                schema = JSONSchema.ref(Self.errorComponent)
                description = "An error in the API's error shape"
                contentType = errors.contentType
            } else {
                schema = JSONSchema.any
                description = "An answer recorded in the mocks"
            }
            // Declared in a type that is not JSON (`answeringErrors(_:in:)`): its text is the
            // answer, whatever else the status means (a dead token's 401).
            if let type = textErrors[status] {
                contentType = type.essence
                schema = JSONSchema.type("string")
            }
            let checked = endpoint.errorChecks.filter { $0.status == status }.map(\.scenario)
            if !checked.isEmpty { description += "; declared error checks: " + checked.map(\.rawValue).joined(separator: ", ") }
            var media: [(key: String, value: JSONValue)] = [("schema", schema)]
            if let named = examples[status], !named.isEmpty { media.append(("examples", .object(named))) }
            responses.append(
                (
                    String(status),
                    .object(
                        [("description", .string(description))] + (headers.isEmpty ? [] : [("headers", .object(headers))])
                            + [("content", .object([(contentType, .object(media))]))] + extensions)
                ))
        }
        return .object(responses)
    }

    /// The header a `.link`-paged list's next page is in (RFC 8288), as `import-openapi` looks
    /// for one to tell such a list.
    static let nextLinkHeader = JSONValue.object([
        (
            "description",
            .string(#"The next page's URL, as RFC 8288's `<URL>; rel="next"`; absent on the last page."#)
        ),
        ("schema", JSONSchema.type("string")),
    ])

    /// A success of bytes (`BinaryBody`): a binary string under each media type it declares, or
    /// `*/*` where it declares none, as the client takes any (a document's `image/*` or
    /// `application/*` that the import asks for no type of comes back the same); never
    /// enveloped, with no example.
    private func bytesResponse(_ endpoint: AnyEndpoint) -> JSONValue {
        let declared = endpoint.declaredMediaTypes.map(\.essence)
        let binary = JSONValue.object([("schema", JSONSchema.type("string", format: "binary"))])
        let content = (declared.isEmpty ? ["*/*"] : declared).map { (key: $0, value: binary) }
        return .object([("description", .string("Success: the bytes themselves")), ("content", .object(content))])
    }

    /// `{code: <success code>, msg, datas: <payload>}`, built on the `Envelope` component (or on
    /// the endpoint's own envelope, inline).
    private func successEnvelope(_ payload: JSONValue, _ policy: EnvelopePolicy) -> JSONValue {
        let base = policy == api.envelope ? JSONSchema.ref(Self.envelopeComponent) : envelopeSchema(policy)
        let code = (policy.codePath, JSONValue.object([("enum", successCodes(policy))]), false)
        guard let payloadPath = policy.payloadPath else {
            // The data sits beside the status: the payload's schema describes the whole body.
            return .object([("allOf", .array([base, JSONSchema.tree([code], typed: false), payload]))])
        }
        let carriesNothing = payload == JSONSchema.null
        let inner = JSONSchema.tree([code, (payloadPath, payload, !carriesNothing)], typed: false)
        return .object([("allOf", .array([base, inner]))])
    }

    private func failureEnvelope(_ policy: EnvelopePolicy) -> JSONValue {
        if policy == api.envelope { return JSONSchema.ref(Self.failureComponent) }
        return .object([("allOf", .array([envelopeSchema(policy), failureConstraint(policy)]))])
    }

    private func isEnvelope(_ value: JSONValue?, _ policy: EnvelopePolicy) -> Bool {
        value?.value(at: policy.codePath).flatMap(EnvelopeCode.init) != nil
    }

    /// The endpoint's mock files that answer (not shadowed by another file of the same variant),
    /// success first, each with its status and its body, secrets masked.
    func mockExamples(_ endpoint: AnyEndpoint, skipped: inout [(file: String, reason: String)])
        -> [(file: MockFileName, status: Int, value: JSONValue)]
    {
        guard let mocks else { return [] }
        let files = mocks.files(of: endpoint).filter { mocks.file($0.variantName) == $0 }
            .sorted { ($0.scenario ?? "", $0.description) < ($1.scenario ?? "", $1.description) }
        var examples: [(file: MockFileName, status: Int, value: JSONValue)] = []
        for file in files {
            // An empty file is the answer of an endpoint that answers nothing: no example, and no fault.
            if endpoint.acceptsEmptyBody, case let .success(data) = mocks.data(of: file), MockDirectory.isBlank(data) { continue }
            // Bytes are no JSON example, whatever they hold.
            if mocks.holdsBytes(file, of: endpoint) { continue }
            switch mocks.document(of: file) {
            case let .success(document):
                examples.append((file, mocks.status(of: file), Self.masked(document, fields: redactedFields)))
            case let .failure(error):
                skipped.append((mocks.path(of: file), error.message))
            }
        }
        return examples
    }

    /// String values by property name, each name's first 64 distinct values: the values of a
    /// discriminator across every mock of the API.
    static func strings(in documents: [JSONValue]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        func visit(_ value: JSONValue) {
            switch value {
            case let .object(members):
                for member in members {
                    if case let .string(text) = member.value, found[member.key, default: []].count < 64,
                        !found[member.key, default: []].contains(text)
                    {
                        found[member.key, default: []].append(text)
                    }
                    visit(member.value)
                }
            case let .array(items): items.forEach(visit)
            default: break
            }
        }
        documents.forEach(visit)
        return found
    }

    /// String values of the secret fields become `***`, wherever they sit.
    static func masked(_ value: JSONValue, fields: Set<String>) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(
                members.map { member in
                    if fields.contains(member.key), case .string = member.value { return (member.key, .string(Redactor.mask)) }
                    return (member.key, masked(member.value, fields: fields))
                })
        case let .array(items):
            return .array(items.map { masked($0, fields: fields) })
        default:
            return value
        }
    }
}
