import Foundation

extension Classification {
    /// Classifies an answer with full diagnosis: the envelope checked field by field, the payload
    /// kept as a `JSONValue` for decoding and drift. `enveloped: false` takes the body as payload.
    /// The dead-token statuses apply to endpoints that send a token: a 401 or 403 from a login is
    /// about the credentials, and its envelope says why.
    /// `parsed` is the body already parsed, when the caller has it.
    public static func of(status: Int, contentType: String?, body: Data, parsed: JSONValue? = nil, enveloped: Bool,
                          sendsToken: Bool = true, policy: EnvelopePolicy, redactor: Redactor) -> (Classification, document: JSONValue?) {
        if sendsToken, policy.expiredHTTPStatuses.contains(status) {
            return (.tokenExpired(status: status, code: nil), parsed ?? (try? JSONParser.parse(body)))
        }
        let isOK = (200..<300).contains(status)
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
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
        guard enveloped else {
            if !isOK { return (.broken(.http(status: status, contentType: contentType, snippet: redactor.snippet(of: body))), document) }
            return (.success(payload: document, at: .root), document)
        }
        let classification = envelope(document, status: status, contentType: contentType, policy: policy, redactor: redactor, body: body)
        // An error status whose body is no envelope is best described by its status.
        if case .broken(.envelopeMalformed) = classification, !isOK {
            return (.broken(.http(status: status, contentType: contentType, snippet: redactor.snippet(of: body))), document)
        }
        return (classification, document)
    }

    private static func envelope(_ document: JSONValue, status: Int, contentType: String?, policy: EnvelopePolicy,
                                 redactor: Redactor, body: Data) -> Classification {
        let root = JSONPath.root
        func malformed(_ path: JSONPath, _ expected: String, _ found: JSONValue?) -> Classification {
            .broken(.envelopeMalformed(DecodingFailure(path: path, expected: expected, found: found?.kindName ?? "absent")))
        }
        guard case .object = document else { return malformed(root, "an envelope object", document) }
        let codePath = root.appending(policy.codeKey)
        guard let codeValue = document[policy.codeKey] else { return malformed(codePath, "Int", nil) }
        // `200.0` is an Int to JSONDecoder (the client's fast path); it must be one here too.
        guard let number = codeValue.doubleValue, number.rounded() == number, let code = Int(exactly: number) else {
            return malformed(codePath, "Int", codeValue)
        }
        let messagePath = root.appending(policy.messageKey)
        let message: String
        switch document[policy.messageKey] {
        case let .string(text)?: message = text
        case nil where !policy.messageRequired, .null? where !policy.messageRequired: message = ""
        case let other: return malformed(messagePath, policy.messageRequired ? "String" : "String or null", other)
        }
        let outcome = policy.outcome(code: code, message: message)
        guard case .success = outcome else { return outcome }
        guard (200..<300).contains(status) else {
            return .broken(.http(status: status, contentType: contentType, snippet: redactor.snippet(of: body)))
        }
        guard let payload = document[policy.payloadKey] else { return malformed(policy.payloadPath, "the payload", nil) }
        return .success(payload: payload, at: policy.payloadPath)
    }

    /// The error a non-success classification throws from the client.
    public func error(endpoint: String, source: String?) -> APIError? {
        let reason: APIError.Reason
        switch self {
        case .success: return nil
        case let .failure(code, message): reason = .server(code: code, message: message)
        case let .logout(_, message): reason = .logout(message: message)
        case let .tokenExpired(status, code): reason = .tokenExpired(status: status, code: code)
        case let .broken(broken): reason = broken
        }
        return APIError(endpoint: endpoint, reason: reason, source: source)
    }
}
