/// The document's operations as endpoint declarations and their success mocks: one
/// `Endpoint<Response>` per operation, its id the `operationId` (else the method and path), its
/// path, query and header parameters typed with samples, its JSON or form request body typed,
/// its error answers for `ErrorMapping`, its success status, `auth: .token` where the mapped
/// security scheme applies. What an operation holds that is not declared is a note.
struct EndpointWriter {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let source: OpenAPISource
    let security: SecurityMapping
    let variablePrefix: String
    private(set) var endpoints: [ImportedEndpoint] = []
    private(set) var mocks: [ImportedFile] = []
    private(set) var notes: [ImportNote] = []
    /// The environment variables samples read, each with the operations that read it.
    private(set) var sampleVariables: [SampleVariable] = []
    /// The id of the endpoint the auth policy logs in through, once declared.
    private(set) var loginEndpoint: String?
    private var ids: Set<String> = []
    private var mockNames: Set<String> = []
    private var properties: [String: Set<String>] = [:]

    init(source: OpenAPISource, security: SecurityMapping, variablePrefix: String) {
        self.source = source
        self.security = security
        self.variablePrefix = variablePrefix
    }

    mutating func declareOperations(types: inout SchemaMapper) {
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            let itemTokens = ["paths", path]
            guard let item = source.resolve(item) else {
                note(.notMapped, itemTokens, "the path item's reference leads nowhere: not declared")
                continue
            }
            for (key, _) in OpenAPISource.members(item) where !Self.methods.contains(key) {
                if !["parameters", "summary", "description", "$ref"].contains(key), !key.hasPrefix("x-") {
                    note(.notMapped, itemTokens + [key], "'\(key)' on a path is not mapped")
                }
            }
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                declare(method: method, path: path, operation: operation, shared: OpenAPISource.array(item["parameters"]),
                        at: itemTokens + [method], types: &types)
            }
        }
        for variable in sampleVariables {
            notes.append(ImportNote(.needsValue, at: variable.location,
                                    "no example for \(variable.usesText): live reads it from $\(variable.name)"))
        }
    }

    private mutating func declare(method: String, path: String, operation: JSONValue, shared: [JSONValue],
                                  at tokens: [String], types: inout SchemaMapper) {
        for key in ["callbacks", "servers"] where operation[key] != nil {
            note(.notMapped, tokens + [key], "an operation's \(key) are not mapped")
        }
        let operationID = OpenAPISource.string(operation["operationId"])
        let baseID = operationID ?? ([method] + path.split(separator: "/").map {
            $0.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        }).joined(separator: ".")
        let id = SwiftName.unique(baseID, in: &ids)
        let tag = OpenAPISource.string(OpenAPISource.array(operation["tags"]).first) ?? "default"
        var groupProperties = properties[tag] ?? []
        let property = SwiftName.unique(SwiftName.member(operationID ?? id), in: &groupProperties)
        properties[tag] = groupProperties
        let typeHint = SwiftName.type(operationID ?? id)

        guard let response = successResponse(operation, at: tokens) else { return }
        let errorAnswers = self.errorAnswers(operation, success: response.key, at: tokens)
        var responseType = "NoContent"
        var mockText = ""
        if let content = response.content {
            guard let (mediaType, media) = jsonMedia(content) else {
                note(.notMapped, response.tokens + ["content"],
                     "a success answer that is not JSON (\(OpenAPISource.members(content).map(\.key).joined(separator: ", "))): the operation is not declared")
                return
            }
            let mediaTokens = response.tokens + ["content", mediaType]
            if let schema = media["schema"] {
                let mapped = types.type(for: schema, hint: typeHint + "Response", at: mediaTokens + ["schema"])
                responseType = mapped.optional ? "\(mapped.type)?" : mapped.type
            } else {
                responseType = "JSONValue"
                note(.notMapped, mediaTokens, "a JSON answer without a schema: declared JSONValue")
            }
            if let example = example(media, at: mediaTokens) {
                mockText = example.prettyText
            } else {
                let made = ExampleMaker(source: source).value(for: media["schema"] ?? .object([]))
                mockText = made.prettyText
                note(.madeUp, mediaTokens, "no example: mocks/\(mockName(id)).json is made from the schema")
            }
        }
        let mock = SwiftName.unique(mockName(id), in: &mockNames)
        mocks.append(ImportedFile(path: "mocks/\(mock).json", text: mockText.isEmpty ? "" : mockText + "\n"))

        var parameters: [String] = []
        for parameter in mergedParameters(shared: shared, own: OpenAPISource.array(operation["parameters"]), at: tokens) {
            if let text = declaration(of: parameter.value, at: parameter.tokens, operation: id, path: path, types: &types) {
                parameters.append(text)
            }
        }
        let body = requestBody(operation, method: method, at: tokens, hint: typeHint + "Body", operation: (id, path), types: &types)
        let auth = security.requiresToken(operation, document: source.root, method: method, path: path)
        let logsIn = security.login?.isOperation(method: method, path: path) == true
        if logsIn { loginEndpoint = id }
        if !auth.other.isEmpty {
            note(.notMapped, tokens + ["security"],
                 "requires \(auth.other.joined(separator: " or ")), which the package does not declare: declared without a token")
        }
        let summary = OpenAPISource.string(operation["summary"]) ?? OpenAPISource.string(operation["description"])
        endpoints.append(ImportedEndpoint(
            tag: tag, property: property, id: id, method: Self.methodExpression(method),
            path: String(path.drop { $0 == "/" }), parameters: parameters, responseType: responseType,
            successStatus: response.status, mock: mock, token: auth.token, body: body, comment: summary,
            errorAnswers: errorAnswers, sessionEffect: logsIn ? ".logsIn" : nil))
    }

    /// The OAuth 2 client-credentials token endpoint the document names only by its `tokenUrl`:
    /// `POST` a form of `grant_type=client_credentials` (and the scopes the document requires)
    /// with the client's id and secret as HTTP Basic credentials, as RFC 6749 section 4.4 has it;
    /// its answer is the token response (`access_token`, `token_type`, `expires_in`...), its mock
    /// made up.
    mutating func declareTokenEndpoint(types: inout SchemaMapper) {
        guard case let .tokenURL(path, scheme, scopes)? = security.login?.source else { return }
        let tokens = ["components", "securitySchemes", scheme, "flows", "clientCredentials"]
        let id = SwiftName.unique("\(scheme).token", in: &ids)
        let tag = scheme
        var groupProperties = properties[tag] ?? []
        let property = SwiftName.unique(SwiftName.member(id), in: &groupProperties)
        properties[tag] = groupProperties
        let string: JSONValue = .object([("type", .string("string"))])
        let answer: JSONValue = .object([
            ("type", .string("object")), ("required", .array([.string("access_token"), .string("token_type")])),
            ("properties", .object([("access_token", string), ("token_type", string), ("expires_in", .object([("type", .string("integer"))])),
                                    ("refresh_token", string), ("scope", string)])),
        ])
        let request: JSONValue = .object([
            ("type", .string("object")), ("required", .array([.string("grant_type")])),
            ("properties", .object([("grant_type", string), ("scope", string)])),
        ])
        let hint = SwiftName.type(scheme)
        let answerType = types.type(for: answer, hint: hint + "TokenAnswer", at: tokens).type
        let requestType = types.type(for: request, hint: hint + "TokenRequest", at: tokens).type
        var grant: [(String, JSONValue)] = [("grant_type", .string("client_credentials"))]
        if !scopes.isEmpty { grant.append(("scope", .string(scopes.joined(separator: " ")))) }
        let mock = SwiftName.unique(mockName(id), in: &mockNames)
        let made: JSONValue = .object([("access_token", .string("made-up-access-token")), ("token_type", .string("Bearer")),
                                       ("expires_in", .number("3600"))])
        mocks.append(ImportedFile(path: "mocks/\(mock).json", text: made.prettyText + "\n"))
        note(.madeUp, tokens, "the token endpoint's answer: mocks/\(mock).json is made up")
        loginEndpoint = id
        endpoints.append(ImportedEndpoint(
            tag: tag, property: property, id: id, method: ".post", path: path, parameters: [], responseType: answerType,
            successStatus: 200, mock: mock, token: false, body: Self.bodyExpression(type: requestType, value: .object(grant), isForm: true),
            comment: "The \(scheme) scheme's OAuth 2 client-credentials token endpoint (its tokenUrl): the client's id and secret as HTTP Basic credentials.",
            sessionEffect: ".logsIn"))
    }

    // MARK: - Answers

    private struct Response {
        var key: String
        var status: Int
        var content: JSONValue?
        var tokens: [String]
    }

    /// The success answer: 200, else 201, 202, 203, 204, 206, another 2xx, `2XX`, then `default`.
    private mutating func successResponse(_ operation: JSONValue, at tokens: [String]) -> Response? {
        let responses = OpenAPISource.members(operation["responses"])
        let order = ["200", "201", "202", "203", "204", "206"]
            + responses.map(\.key).filter { $0.hasPrefix("2") && Int($0) != nil } + ["2XX", "2xx", "default"]
        for key in order {
            guard let declared = responses.first(where: { $0.key == key }) else { continue }
            let responseTokens = tokens + ["responses", key]
            guard let response = source.resolve(declared.value) else {
                note(.notMapped, responseTokens, "the answer's reference leads nowhere: the operation is not declared")
                return nil
            }
            let status = Int(key) ?? 200
            if key == "default" { note(.notMapped, responseTokens, "no 2xx answer: the default answer is taken as the success (200)") }
            // Error answers are ErrorMapping's; other successes and redirects are not declared.
            let others = responses.map(\.key).filter { $0 != key && ImportedErrorAnswer.status(ofKey: $0) == nil }
            if !others.isEmpty {
                note(.notMapped, tokens + ["responses"], "answers \(others.joined(separator: ", ")) are not declared: only \(key) is")
            }
            for part in ["headers", "links"] where !OpenAPISource.members(response[part]).isEmpty {
                note(.notMapped, responseTokens + [part], "the answer's \(part) are not mapped")
            }
            let content = OpenAPISource.members(response["content"]).isEmpty || status == 204 ? nil : response["content"]
            return Response(key: key, status: status, content: content, tokens: responseTokens)
        }
        note(.notMapped, tokens + ["responses"], "no success answer: declared NoContent (200)")
        return Response(key: "", status: 200, content: nil, tokens: tokens + ["responses"])
    }

    /// The error answers (4xx, 5xx, `4XX`, `5XX`, `default` unless it is the success): each one's
    /// JSON content (problem details first), its schema and examples, references followed.
    private mutating func errorAnswers(_ operation: JSONValue, success: String, at tokens: [String]) -> [ImportedErrorAnswer] {
        var answers: [ImportedErrorAnswer] = []
        for (key, declared) in OpenAPISource.members(operation["responses"]) where key != success {
            guard let status = ImportedErrorAnswer.status(ofKey: key) else { continue }
            let answerTokens = tokens + ["responses", key]
            guard let response = source.resolve(declared) else {
                note(.notMapped, answerTokens, "the answer's reference leads nowhere: not declared")
                continue
            }
            let content = OpenAPISource.members(response["content"])
            let problem = content.first { $0.key.lowercased().hasPrefix("application/problem+json") }
            guard let (mediaType, media) = problem.map({ ($0.key, $0.value) }) ?? jsonMedia(response["content"] ?? .object([])) else {
                note(.notMapped, answerTokens + (content.isEmpty ? [] : ["content"]), content.isEmpty
                    ? "an error answer without content: no mock of it (a mock is JSON)"
                    : "an error answer that is not JSON (\(content.map(\.key).joined(separator: ", "))): no mock of it")
                answers.append(ImportedErrorAnswer(key: key, status: status, mediaType: nil, schema: nil, examples: [], tokens: answerTokens))
                continue
            }
            var examples: [ImportedErrorAnswer.Example] = []
            if let example = media["example"] { examples.append(.init(name: nil, value: example)) }
            for (name, example) in OpenAPISource.members(media["examples"]) {
                if let value = source.resolve(example)?["value"] { examples.append(.init(name: name, value: value)) }
            }
            answers.append(ImportedErrorAnswer(key: key, status: status, mediaType: mediaType,
                                               schema: media["schema"].flatMap { source.resolve($0) }, examples: examples,
                                               tokens: answerTokens + ["content", mediaType]))
        }
        return answers
    }

    /// The JSON media type of a content map: `application/json`, else any `…json` one.
    private func jsonMedia(_ content: JSONValue) -> (String, JSONValue)? {
        let members = OpenAPISource.members(content)
        if let json = members.first(where: { $0.key.lowercased().hasPrefix("application/json") }) { return (json.key, json.value) }
        if let json = members.first(where: { $0.key.lowercased().contains("json") }) { return (json.key, json.value) }
        return nil
    }

    /// The media type's `example`, else the value of the first of its `examples`.
    private mutating func example(_ media: JSONValue, at tokens: [String]) -> JSONValue? {
        if let example = media["example"] { return example }
        guard let (name, first) = OpenAPISource.members(media["examples"]).first.map({ ($0.key, $0.value) }) else { return nil }
        guard let resolved = source.resolve(first), let value = resolved["value"] else {
            note(.notMapped, tokens + ["examples", name], "an example without a value here (externalValue?): not used")
            return nil
        }
        return value
    }

    private func mockName(_ id: String) -> String {
        let scalars = id.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        return String(scalars)
    }

    // MARK: - Parameters

    /// The path item's parameters with the operation's, an operation's replacing the path's of
    /// the same name and place; references followed.
    private mutating func mergedParameters(shared: [JSONValue], own: [JSONValue], at tokens: [String])
        -> [(value: JSONValue, tokens: [String])] {
        var result: [(value: JSONValue, tokens: [String])] = []
        for (list, listTokens) in [(shared, Array(tokens.dropLast()) + ["parameters"]), (own, tokens + ["parameters"])] {
            for (index, parameter) in list.enumerated() {
                guard let resolved = source.resolve(parameter) else {
                    note(.notMapped, listTokens + [String(index)], "the parameter's reference leads nowhere: not declared")
                    continue
                }
                result.removeAll { $0.value["name"] == resolved["name"] && $0.value["in"] == resolved["in"] }
                result.append((resolved, listTokens + [String(index)]))
            }
        }
        return result
    }

    /// `.query("limit", .int, sample: .literal(20))`, or nil (and a note) for one not declared.
    private mutating func declaration(of parameter: JSONValue, at tokens: [String], operation: String, path: String,
                                      types: inout SchemaMapper) -> String? {
        guard let name = OpenAPISource.string(parameter["name"]), let place = OpenAPISource.string(parameter["in"]) else {
            note(.notMapped, tokens, "a parameter without a name or 'in': not declared")
            return nil
        }
        let required = place == "path" || OpenAPISource.bool(parameter["required"])
        switch place {
        case "cookie":
            note(.notMapped, tokens, "cookie parameter '\(name)' is not mapped")
            return nil
        case "header" where ["accept", "content-type", "authorization"].contains(name.lowercased()):
            note(.notMapped, tokens, "header '\(name)' is not declared: OpenAPI says it is ignored (the content type and auth say it)")
            return nil
        case "path", "query", "header":
            break
        default:
            note(.notMapped, tokens, "parameter '\(name)' in '\(place)' is not mapped")
            return nil
        }
        let schema = parameter["schema"].flatMap { scalarBranch(of: $0) } ?? .object([])
        if parameter["schema"] == nil {
            note(.notMapped, tokens, "parameter '\(name)' has no schema (a 'content' one?): declared String")
        }
        var scalar = Self.scalarType(schema)
        var list: String?
        if OpenAPISource.string(schema["type"]) == "array" {
            let items = schema["items"].flatMap { source.resolve($0) } ?? .object([])
            scalar = Self.scalarType(items)
            if place == "query" {
                let explode = parameter["explode"].map { $0 == .bool(true) } ?? true
                let style = OpenAPISource.string(parameter["style"]) ?? "form"
                if style != "form" { note(.notMapped, tokens, "style '\(style)' of '\(name)' is not mapped: sent as repeated k=a&k=b") }
                list = explode || style != "form" ? ".repeated" : ".commaSeparated"
            } else {
                note(.notMapped, tokens, "a list in the \(place) ('\(name)') is not mapped: declared as one String")
                scalar = nil
            }
        }
        let type: String
        if let scalar {
            type = scalar
        } else {
            type = ".string"
            if list == nil, parameter["schema"] != nil, OpenAPISource.string(schema["type"]) != "array" {
                note(.notMapped, tokens, "parameter '\(name)' is an object or of several types: declared String")
            }
        }
        var sample: String?
        if let value = sampleValue(parameter, schema: schema, required: required), let literal = Self.literal(value, as: type, list: list != nil) {
            sample = ".literal(\(literal))"
        } else if required {
            let variable = SampleVariable.name(prefix: variablePrefix, place: place, parameter: name, path: path)
            sample = ".environment(\(SwiftName.literal(variable)), fallback: nil)"
            let use = SampleVariable.Use(operation: operation, place: place, parameter: name)
            if let index = sampleVariables.firstIndex(where: { $0.name == variable }) {
                sampleVariables[index].uses.append(use)
            } else {
                sampleVariables.append(SampleVariable(name: variable, location: OpenAPISource.location(tokens), uses: [use]))
            }
        }
        let sampleText = sample.map { ", sample: \($0)" } ?? ""
        let literalName = SwiftName.literal(name)
        switch (place, list) {
        case ("path", _):
            return ".path(\(literalName), \(type)\(sampleText))"
        case ("query", let style?):
            return ".queryList(\(literalName), \(type), \(style)\(required ? ", required: true" : "")\(sampleText))"
        case ("query", nil):
            return ".query(\(literalName), \(type)\(required ? ", required: true" : "")\(sampleText))"
        default:
            return ".header(\(literalName), \(type)\(required ? ", required: true" : "")\(sampleText))"
        }
    }

    /// The document's value for a sample: the parameter's example, its first `examples` value,
    /// the schema's example or default; for a required parameter, else its first enum value. An
    /// optional one is not sent on a guess: its first enum value may ask for another answer than
    /// the one declared (`format=csv` where JSON is the default).
    private func sampleValue(_ parameter: JSONValue, schema: JSONValue, required: Bool) -> JSONValue? {
        if let example = parameter["example"] { return example }
        if let first = OpenAPISource.members(parameter["examples"]).first,
           let value = source.resolve(first.value)?["value"] { return value }
        if let example = schema["example"] { return example }
        if let value = schema["default"] { return value }
        if required, let first = OpenAPISource.enumValues(schema).first { return first }
        if let items = schema["items"].flatMap({ source.resolve($0) }) {
            let guessed = required ? OpenAPISource.array(items["enum"]).first : nil
            if let value = items["example"] ?? items["default"] ?? guessed { return .array([value]) }
        }
        return nil
    }

    /// The parameter's schema, references followed; a `oneOf`/`anyOf` whose branches other than
    /// `null` are all of one scalar type (FastAPI's `Optional[bool]` is `anyOf: [{type: boolean},
    /// {type: null}]`; a uuid-or-name is two strings) is its first such branch, with the
    /// union's own example, default or enum kept for the sample.
    private func scalarBranch(of schema: JSONValue) -> JSONValue? {
        guard let resolved = source.resolve(schema) else { return nil }
        let branches = OpenAPISource.array(resolved["oneOf"]) + OpenAPISource.array(resolved["anyOf"])
        guard !branches.isEmpty else { return resolved }
        let typed = branches.compactMap { source.resolve($0) }.filter { OpenAPISource.string($0["type"]) != "null" }
        guard let first = typed.first, let type = Self.scalarType(first),
              typed.allSatisfy({ Self.scalarType($0) == type }) else { return resolved }
        var members = OpenAPISource.members(first)
        for key in ["example", "default", "enum"] where first[key] == nil {
            if let value = resolved[key] { members.append((key, value)) }
        }
        return .object(members)
    }

    private static func scalarType(_ schema: JSONValue) -> String? {
        let type = OpenAPISource.string(schema["type"])
            ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.first { $0 != "null" }
        switch type {
        case "string"?: return ".string"
        case "integer"?: return OpenAPISource.string(schema["format"]) == "int64" ? ".int64" : ".int"
        case "number"?: return ".double"
        case "boolean"?: return ".bool"
        case nil where !OpenAPISource.enumValues(schema).isEmpty: return ".string"
        default: return nil
        }
    }

    /// A value as a `ParameterValue` literal of the declared type, or nil when it is not one.
    private static func literal(_ value: JSONValue, as type: String, list: Bool) -> String? {
        if list {
            let items = OpenAPISource.array(value).isEmpty ? [value] : OpenAPISource.array(value)
            let literals = items.compactMap { literal($0, as: type, list: false) }
            return literals.count == items.count ? "[" + literals.joined(separator: ", ") + "]" : nil
        }
        switch (type, value) {
        case (".string", .string(let text)): return SwiftName.literal(text)
        case (".string", .number(let text)): return SwiftName.literal(text)
        case (".int", .number(let text)), (".int64", .number(let text)): return Int64(text).map(String.init)
        case (".int", .string(let text)), (".int64", .string(let text)): return Int64(text).map(String.init)
        case (".double", .number(let text)): return Double(text).map { String($0) }
        case (".bool", .bool(let flag)): return String(flag)
        default: return nil
        }
    }

    static func methodExpression(_ method: String) -> String {
        ["get", "put", "post", "delete", "patch", "head"].contains(method) ? ".\(method)"
            : "HTTPMethod(rawValue: \(SwiftName.literal(method.uppercased())))"
    }

    // MARK: - Request bodies

    /// `.json(NewPet.self, sample: ...)` for a JSON body, `.form(...)` for an
    /// `application/x-www-form-urlencoded` one (lists repeated, as OpenAPI's default `form` style
    /// with `explode` sends them), the sample decoded from the document's example (else one made
    /// from the schema) at first use; nil (and a note) otherwise: the core has no multipart or XML
    /// body.
    private mutating func requestBody(_ operation: JSONValue, method: String, at tokens: [String], hint: String,
                                      operation endpoint: (id: String, path: String), types: inout SchemaMapper) -> String? {
        guard let declared = operation["requestBody"] else { return nil }
        let bodyTokens = tokens + ["requestBody"]
        guard let body = source.resolve(declared) else {
            note(.notMapped, bodyTokens, "the request body's reference leads nowhere: not declared")
            return nil
        }
        if method == "get" || method == "head" {
            note(.notMapped, bodyTokens, "a body on \(method.uppercased()) is not declared")
            return nil
        }
        let form = OpenAPISource.members(body["content"]).first { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }
        guard let content = body["content"], let (mediaType, media) = jsonMedia(content) ?? form.map({ ($0.key, $0.value) }) else {
            let kinds = OpenAPISource.members(body["content"]).map(\.key)
            if kinds.contains(where: { $0.lowercased().hasPrefix("multipart/form-data") }) {
                // The core's bodies are JSON and URL-encoded forms: a file upload is listed by
                // operation, so a reader sees which endpoints live calls without their body.
                note(.notMapped, bodyTokens, "unsupported: \(endpoint.id) (\(method.uppercased()) \(endpoint.path)) takes a multipart/form-data body, "
                     + "which the package cannot send: declared without it, so live calls it with no body")
            } else {
                note(.notMapped, bodyTokens, "a request body that is neither JSON nor a form (\(kinds.joined(separator: ", "))) is not declared")
            }
            return nil
        }
        let isForm = jsonMedia(content) == nil
        let mediaTokens = bodyTokens + ["content", mediaType]
        guard let schema = media["schema"] else {
            note(.notMapped, mediaTokens, "a request body without a schema is not declared")
            return nil
        }
        let mapped = types.type(for: schema, hint: hint, at: mediaTokens + ["schema"])
        let type = mapped.optional ? "\(mapped.type)?" : mapped.type
        let value = example(media, at: mediaTokens) ?? ExampleMaker(source: source).value(for: schema)
        return Self.bodyExpression(type: type, value: value, isForm: isForm)
    }

    /// `.json(Type.self, sample: ...)` or `.form(...)`, the sample decoded from `value`'s JSON text.
    private static func bodyExpression(type: String, value: JSONValue, isForm: Bool) -> String {
        let json = value.compactText
        var hashes = "#"
        while json.contains("\"" + hashes) { hashes += "#" }
        let sample = "sample: try? JSONDecoder().decode(\(type).self, from: Data(\(hashes)\"\(json)\"\(hashes).utf8))"
        return isForm ? ".form(\(type).self, \(sample))" : ".json(\(type).self, \(sample))"
    }

    private mutating func note(_ kind: ImportNote.Kind, _ tokens: [String], _ message: String) {
        notes.append(ImportNote(kind, at: OpenAPISource.location(tokens), message))
    }
}
