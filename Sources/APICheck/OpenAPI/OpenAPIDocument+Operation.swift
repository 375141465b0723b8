extension OpenAPIDocument {
    /// The operation's tag: its group's (`EndpointGroup.tag`), else the first segment of a dotted
    /// id that is not an HTTP method (`statuses.show` → `statuses`; an id `import-openapi` made
    /// of method and path, `get.api.v1.chart`, is not tagged `get`).
    static func tag(of endpoint: AnyEndpoint) -> String? {
        if let tag = endpoint.tag { return tag }
        let segments = endpoint.id.split(separator: ".")
        guard segments.count > 1 else { return nil }
        let methods = Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"])
        return segments.dropLast().first { !methods.contains($0.lowercased()) }.map(String.init)
    }

    /// One endpoint as an operation: its parameters by location, body parameters as a JSON request
    /// body (what `RequestBuilder` sends), a typed body by its type's schema, its responses, and the token's scheme when it needs one.
    func operation(
        _ endpoint: AnyEndpoint, recorder: SchemaRecorder,
        answers: [(file: MockFileName, status: Int, value: JSONValue)]
    ) throws(SchemaRecordingError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("operationId", .string(endpoint.id))]
        if let tag = Self.tag(of: endpoint) { members.append(("tags", .array([.string(tag)]))) }
        // A summary is a person's words: only a declared one is written. What the declaration
        // says of the answer (a decode type's name) is the description, and no summary, unless
        // it declares its own, which an imported package's re-export then gives back as it was.
        if let summary = endpoint.summary { members.append(("summary", .string(summary))) }
        members.append(("description", .string(endpoint.details ?? answerText(endpoint))))
        let responses = try responses(endpoint, recorder: recorder, answers: answers)
        let spanning = endpoint.multiSegmentParameterNames
        // OpenAPI ignores an `Accept` header parameter: the success answer's content says the
        // type instead. An answer without content (a HEAD's) has nowhere else to say it: there
        // the parameter stays, or the server would be called without the type it needs.
        let declaredTypes = endpoint.declaredMediaTypes
        let typed =
            declaredTypes.isEmpty
            || declaredTypes.contains { type in
                endpoint.successStatuses.contains { responses[String($0)]?["content"]?[type.essence] != nil }
            }
        let sent = endpoint.parameters.filter {
            $0.location != .body && !(typed && $0.location == .header && HeaderName.same($0.name, "accept"))
        }
        var parameters = sent.map { parameter in
            spanning.contains(parameter.name) && parameter.location == .path
                ? spansSegments(parameterValue(parameter)) : parameterValue(parameter)
        }
        // The value a shared route is told apart by is a parameter of its own, an enum of one
        // value; merged with the route's other endpoints it lists every value.
        if let pair = endpoint.distinction?.queryPair,
            !endpoint.parameters.contains(where: { $0.name == pair.name && $0.location == .query })
        {
            parameters.append(
                .object([
                    ("name", .string(pair.name)), ("in", .string("query")), ("required", .bool(true)),
                    ("schema", .object([("type", .string("string")), ("enum", .array([.string(pair.value)]))])),
                ]))
        }
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        let body = endpoint.parameters.filter { $0.location == .body }
        if let declared = endpoint.requestBody {
            members.append(("requestBody", try typedRequestBody(declared, recorder: recorder)))
        } else if !body.isEmpty {
            let properties = body.map { parameter -> (key: String, value: JSONValue) in
                (parameter.name, schema(of: parameter))
            }
            let required = body.filter(\.required).map(\.name)
            members.append(
                (
                    "requestBody",
                    .object([
                        ("required", .bool(!required.isEmpty)),
                        (
                            "content",
                            .object([
                                (
                                    "application/json",
                                    .object([
                                        ("schema", JSONSchema.object(properties: properties, required: required))
                                    ])
                                )
                            ])
                        ),
                    ])
                ))
        }
        members.append(("responses", responses))
        if endpoint.requiresToken, api.auth.hasToken {
            members.append(("security", .array([.object([(securitySchemeName, .array([]))])])))
        } else if api.auth.sendsBasicCredentials(endpoint) {
            members.append(("security", .array([.object([(Self.loginSecurityScheme, .array([]))])])))
        }
        return .object(members)
    }

    /// OpenAPI has no path parameter that holds a `/`: the template says `{path}`, and the
    /// parameter says in a description and in `x-apicheck-multi-segment` that its value spans
    /// segments, sent as RFC 6570's `{+path}` sends it.
    private func spansSegments(_ parameter: JSONValue) -> JSONValue {
        guard case var .object(members) = parameter else { return parameter }
        members.append(
            (
                "description",
                .string(
                    "Spans path segments: sent with its `/` (and RFC 3986's other reserved characters) "
                        + "unescaped, as RFC 6570's reserved expansion `{+\(parameter["name"]?.stringValue ?? "")}` sends it.")
            ))
        members.append((Self.multiSegmentExtension, .bool(true)))
        return .object(members)
    }

    /// The extension that marks a path parameter whose value spans segments.
    static let multiSegmentExtension = "x-apicheck-multi-segment"

    /// What the declaration says of the answer: its decode type, not enveloped where the API is,
    /// and what it does to the session.
    private func answerText(_ endpoint: AnyEndpoint) -> String {
        var text = endpoint.responseTypeName + (api.isEnveloped(endpoint) || api.envelope == nil ? "" : ", not enveloped")
        switch endpoint.sessionEffect {
        case .logsIn: text += "; logs in"
        case .logsOut: text += "; logs out"
        case .refreshes: text += "; refreshes the token"
        case .keepsSession: break
        }
        return text
    }

    private func parameterValue(_ parameter: Parameter) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            // A bracketed list is named `k[]` on the wire.
            ("name", .string(parameter.name + (parameter.list == .brackets ? "[]" : ""))),
            ("in", .string(parameter.location.rawValue)),
            ("required", .bool(parameter.location == .path || parameter.required)),
            ("schema", schema(of: parameter)),
        ]
        if let style = parameter.list, parameter.location == .query {
            members += [("style", .string("form")), ("explode", .bool(style != .commaSeparated))]
        }
        if parameter.allowsEmptyValue, parameter.location == .query { members.append(("allowEmptyValue", .bool(true))) }
        // The value `live` sends (MLflow's `max_results: 2`), so the package imported back sends
        // it too; a path's names one thing of the server it was declared against, and a secret's
        // is never written.
        if parameter.location != .path, !parameter.secret, parameter.list == nil, case let .literal(value)? = parameter.sample?.base {
            members.append(("example", Self.enumValue(value.text, of: parameter.type)))
        }
        return .object(members)
    }

    /// A secret parameter's schema says so: `format: password`, never echoed back.
    private func schema(of parameter: Parameter) -> JSONValue {
        if parameter.list != nil {
            var element = parameter
            element.list = nil
            return .object([("type", .string("array")), ("items", schema(of: element))])
        }
        let schema = JSONSchema.parameter(parameter.type)
        guard case var .object(members) = schema, parameter.secret || parameter.allowed != nil || parameter.format != nil else {
            return schema
        }
        if let format = parameter.format, parameter.type == .string, !parameter.secret {
            members.append(("format", .string(format.rawValue)))
        }
        if let allowed = parameter.allowed {
            members.append(("enum", .array(allowed.map { Self.enumValue($0, of: parameter.type) })))
        }
        if parameter.secret {
            members.removeAll { $0.key == "format" }
            members += [("format", .string("password")), ("writeOnly", .bool(true))]
        }
        return .object(members)
    }

    /// An allowed value as its schema's type says it: a number or a bool as JSON, not as text.
    private static func enumValue(_ text: String, of type: Parameter.ValueType) -> JSONValue {
        switch type {
        case .string: .string(text)
        case .int, .int64, .double: Double(text) != nil ? .number(text) : .string(text)
        case .bool: text == "true" || text == "false" ? .bool(text == "true") : .string(text)
        }
    }
}
