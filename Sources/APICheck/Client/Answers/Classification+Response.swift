import Foundation

extension Classification {
    /// Classifies an answer with full diagnosis: the envelope checked field by field, the error
    /// shape read, the payload kept as a `JSONValue` for decoding and drift.
    /// `parsed` is the body already parsed, when the caller has it.
    public static func of(
        status: Int, contentType: String?, body: Data, parsed: JSONValue? = nil, rules: AnswerRules,
        redactor: Redactor
    ) -> (Classification, document: JSONValue?) {
        // A 304 declared as the success is one: a conditional read whose copy is current.
        let isOK = rules.isSuccess(status: status)
        // A dead-token status needs no body: the demo's 403 is not even an envelope.
        if rules.sendsToken, let signal = rules.expired.first(where: { $0.code == nil && $0.matches(status: status, code: nil) }) {
            return (.tokenExpired(status: signal.status, code: nil), parsed ?? (try? JSONParser.parse(body)))
        }
        // Bytes are the answer as they came, whatever they hold (a JSON blob, a gzip layer); a
        // declared redirect's body is for a browser that does not follow it, no part of the answer.
        if isOK, rules.takesBytes(contentType: contentType) || rules.redirectStatuses.contains(status) {
            return (.success(payload: .null, at: .root), nil)
        }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            if isOK, rules.acceptsEmptyBody { return (.success(payload: .null, at: .root), nil) }
            return (.broken(isOK ? .emptyBody(status: status) : .http(status: status, contentType: contentType, snippet: "")), nil)
        }
        let document: JSONValue
        do throws(JSONParseError) {
            if let parsed { document = parsed } else { document = try JSONParser.parse(body) }
        } catch {
            let snippet = redactor.snippet(of: body)
            if !isOK { return (.broken(.http(status: status, contentType: contentType, snippet: snippet)), nil) }
            return (.broken(.notJSON(status: status, contentType: contentType, snippet: snippet, detail: error.description)), nil)
        }
        let error = isOK ? nil : rules.errors?.read(document)
        if rules.sendsToken,
            let signalled = signal(
                rules, status: status, code: error?.code ?? rules.envelope.flatMap { envelopeCode(document, $0) },
                message: error?.message ?? rules.envelope.flatMap { document.value(at: $0.messagePath)?.stringValue })
        {
            return (signalled, document)
        }
        func http() -> Classification {
            if let error { return .failure(code: error.code, message: error.message) }
            return .broken(.http(status: status, contentType: contentType, snippet: redactor.snippet(of: body)))
        }
        guard let policy = rules.envelope else {
            return (isOK ? .success(payload: document, at: .root) : http(), document)
        }
        let classification = envelope(document, policy: policy)
        switch classification {
        // An error status whose body is no envelope is best described by its status, or its error body.
        case .broken(.envelopeMalformed) where !isOK: return (http(), document)
        case .success where !isOK: return (http(), document)
        // An error body beside the envelope says more than the envelope's status alone.
        case .failure where error != nil: return (http(), document)
        default: return (classification, document)
        }
    }

    /// The type-erased form over the envelope alone, for callers without an endpoint.
    public static func of(
        status: Int, contentType: String?, body: Data, parsed: JSONValue? = nil, enveloped: Bool,
        sendsToken: Bool = true, policy: EnvelopePolicy?, redactor: Redactor
    ) -> (Classification, document: JSONValue?) {
        let rules = AnswerRules(
            envelope: enveloped ? policy : nil,
            expired: (policy?.expiredHTTPStatuses.sorted() ?? []).map { AnswerSignal.status($0) }, sendsToken: sendsToken)
        return of(status: status, contentType: contentType, body: body, parsed: parsed, rules: rules, redactor: redactor)
    }

    /// The session signal an answer is, when it is one: a dead token or a forced logout told by
    /// status and code.
    private static func signal(_ rules: AnswerRules, status: Int, code: EnvelopeCode?, message: String?) -> Classification? {
        if let signal = rules.expired.first(where: { $0.code != nil && $0.matches(status: status, code: code) }) {
            return .tokenExpired(status: signal.status, code: code)
        }
        if rules.forcedLogout.contains(where: { $0.matches(status: status, code: code) }) {
            return .forcedLogout(code: code, message: message ?? "")
        }
        return nil
    }

    private static func envelopeCode(_ document: JSONValue, _ policy: EnvelopePolicy) -> EnvelopeCode? {
        document.value(at: policy.codePath).flatMap(EnvelopeCode.init)
    }

    private static func envelope(_ document: JSONValue, policy: EnvelopePolicy) -> Classification {
        func malformed(_ path: JSONPath, _ expected: String, _ found: JSONValue?) -> Classification {
            .broken(.envelopeMalformed(DecodingFailure(path: path, expected: expected, found: found?.kindName ?? "absent")))
        }
        guard case .object = document else { return malformed(.root, "an envelope object", document) }
        guard let codeValue = document.value(at: policy.codePath) else { return malformed(policy.codePath, policy.codeKindName, nil) }
        // `200.0` is an Int to JSONDecoder (the client's fast path); it must be one here too.
        guard let code = EnvelopeCode(codeValue), policy.codeKinds.contains(code.kindName) else {
            return malformed(policy.codePath, policy.codeKindName, codeValue)
        }
        let message: String
        switch document.value(at: policy.messagePath) {
        case let .string(text)?: message = text
        case nil where !policy.messageRequired, .null? where !policy.messageRequired: message = ""
        case let other: return malformed(policy.messagePath, policy.messageRequired ? "String" : "String or null", other)
        }
        let outcome = policy.classification(code: code, message: message)
        guard case .success = outcome else { return outcome }
        guard let payloadPath = policy.payloadPath else { return .success(payload: document, at: .root) }
        guard let payload = document.value(at: payloadPath) else { return malformed(payloadPath, "the payload", nil) }
        return .success(payload: payload, at: payloadPath)
    }

    /// The error a non-success classification throws from the client.
    public func error(endpoint: String, source: String?) -> APIError? {
        let reason: APIError.Reason
        switch self {
        case .success: return nil
        case let .failure(code, message): reason = .server(code: code, message: message)
        case let .forcedLogout(_, message): reason = .forcedLogout(message: message)
        case let .tokenExpired(status, code): reason = .tokenExpired(status: status, code: code)
        case let .broken(broken): reason = broken
        }
        return APIError(endpoint: endpoint, reason: reason, source: source)
    }
}
