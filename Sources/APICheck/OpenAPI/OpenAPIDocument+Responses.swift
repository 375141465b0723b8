extension OpenAPIDocument {
    /// The responses of an operation. 200 carries the success envelope around the payload's schema
    /// (or the raw payload, for an endpoint that is not enveloped) and, for an enveloped endpoint,
    /// the failure envelope too: failures, forced logouts and refused calls come with HTTP 200 and
    /// a code. An endpoint that needs the token also answers the dead-token statuses. Every mock of
    /// the endpoint is a named example under the status it is replayed with.
    func responses(_ endpoint: AnyEndpoint, recorder: SchemaRecorder,
                   skipped: inout [(file: String, reason: String)]) throws(SchemaRecordingError) -> JSONValue {
        let payload = try recorder.schema(for: endpoint.responseType)
        var examples: [Int: [(key: String, value: JSONValue)]] = [:]
        for (file, status, value) in mockExamples(endpoint, skipped: &skipped) {
            let example = JSONValue.object([("summary", .string(file.description)), ("value", value)])
            examples[status, default: []].append((file.scenario ?? MockScenario.success, example))
        }
        var statuses = Set(examples.keys).union([200])
        if endpoint.requiresToken { statuses.formUnion(api.envelope.expiredHTTPStatuses) }
        var responses: [(key: String, value: JSONValue)] = []
        for status in statuses.sorted() {
            let schema: JSONValue, description: String
            if status == 200 {
                if endpoint.enveloped {
                    schema = .object([("anyOf", .array([successEnvelope(payload), JSONSchema.ref(Self.failureComponent)]))])
                    description = "Success (code \(api.envelope.successCodes.sorted().map(String.init).joined(separator: ", "))), "
                        + "or a failure envelope"
                } else {
                    schema = payload
                    description = "Success: the payload itself, not enveloped"
                }
            } else if endpoint.requiresToken, api.envelope.expiredHTTPStatuses.contains(status) {
                schema = JSONSchema.any
                description = "The token is dead (expired, unknown or missing); the body is not part of the contract"
            } else if endpoint.enveloped, (examples[status] ?? []).allSatisfy({ isEnvelope($0.value["value"]) }) {
                schema = JSONSchema.ref(Self.failureComponent)
                description = "A failure envelope"
            } else {
                schema = JSONSchema.any
                description = "An answer recorded in the mocks"
            }
            var media: [(key: String, value: JSONValue)] = [("schema", schema)]
            if let named = examples[status], !named.isEmpty { media.append(("examples", .object(named))) }
            responses.append((String(status), .object([
                ("description", .string(description)),
                ("content", .object([("application/json", .object(media))])),
            ])))
        }
        return .object(responses)
    }

    /// `{code: <success code>, msg, datas: <payload>}`, built on the `Envelope` component.
    private func successEnvelope(_ payload: JSONValue) -> JSONValue {
        let policy = api.envelope
        let carriesNothing = payload == JSONSchema.null
        var inner: [(key: String, value: JSONValue)] = [
            ("properties", .object([
                (policy.codeKey, .object([("enum", successCodes)])),
                (policy.payloadKey, payload),
            ])),
        ]
        if !carriesNothing { inner.append(("required", .array([.string(policy.payloadKey)]))) }
        return .object([("allOf", .array([JSONSchema.ref(Self.envelopeComponent), .object(inner)]))])
    }

    private func isEnvelope(_ value: JSONValue?) -> Bool {
        value?[api.envelope.codeKey]?.int64Value != nil
    }

    /// The endpoint's mock files that answer (not shadowed by another file of the same variant),
    /// success first, each with its status and its body, secrets masked.
    private func mockExamples(_ endpoint: AnyEndpoint, skipped: inout [(file: String, reason: String)])
        -> [(file: MockFileName, status: Int, value: JSONValue)] {
        guard let mocks else { return [] }
        let files = mocks.files(of: endpoint).filter { mocks.file($0.variantName) == $0 }
            .sorted { ($0.scenario ?? "", $0.description) < ($1.scenario ?? "", $1.description) }
        var examples: [(file: MockFileName, status: Int, value: JSONValue)] = []
        for file in files {
            switch mocks.document(of: file) {
            case let .success(document):
                examples.append((file, mocks.status(of: file), Self.masked(document, fields: api.redactedFields)))
            case let .failure(error):
                skipped.append((mocks.path(of: file), error.message))
            }
        }
        return examples
    }

    /// String values of the secret fields become `***`, wherever they sit.
    static func masked(_ value: JSONValue, fields: Set<String>) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(members.map { member in
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
