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
    /// The variable each path parameter's sample reads, told apart across the document's paths.
    let pathVariables: PathVariableNames
    let addressPaths: AddressPaths
    private(set) var endpoints: [ImportedEndpoint] = []
    private(set) var mocks: [ImportedFile] = []
    /// The success mocks made from a schema (file name, text): listed in `mocks/.made-up`.
    private(set) var madeUpMocks: [(name: String, text: String)] = []
    private(set) var notes: [ImportNote] = []
    /// The environment variables samples read, each with the operations that read it.
    var sampleVariables: [SampleVariable] = []
    /// The id of the endpoint the auth policy logs in through, once declared.
    private(set) var loginEndpoint: String?
    /// The id of the endpoint the auth policy refreshes through, once declared.
    private(set) var refreshEndpoint: String?
    private var ids: Set<String> = []
    private var mockNames: Set<String> = []
    /// The document's examples already noted as not fitting their schemas, by location.
    var unfitExamples: Set<String> = []
    var properties: [String: Set<String>] = [:]
    /// Each `GET`'s answer schema by endpoint id, where `ItemSources` finds ids; each POST's
    /// answer and JSON request schemas, where `CreatedSources` finds what it creates and names.
    var listAnswers: [String: JSONValue] = [:], creationAnswers: [String: JSONValue] = [:]
    var creationRequests: [String: JSONValue] = [:]
    /// The base URL made-up links in answers are on (`ExampleMaker.linkBase`).
    var linkBase: String?

    init(source: OpenAPISource, security: SecurityMapping, variablePrefix: String) {
        self.source = source
        self.security = security
        self.variablePrefix = variablePrefix
        pathVariables = PathVariableNames(source: source, prefix: variablePrefix)
        addressPaths = AddressPaths(source: source)
    }

    mutating func declareOperations(types: inout SchemaMapper) {
        for (tokens, message) in addressPaths.notes { note(.notMapped, tokens, message) }
        let leftOut = routeClashes()
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
            for method in Self.methods where !leftOut.contains(itemTokens + [method]) {
                guard let operation = item[method] else { continue }
                declare(
                    method: method, path: path, operation: operation, shared: OpenAPISource.array(item["parameters"]),
                    at: itemTokens + [method], types: &types)
            }
        }
        notes += Self.linkSamplesAndOrder(
            &endpoints, variables: &sampleVariables, source: source, lists: listAnswers, creations: creationAnswers,
            requests: creationRequests)
        SeenIDFormats.fit(&mocks, madeUp: &madeUpMocks, endpoints: endpoints)
    }

    private mutating func declare(
        method: String, path: String, operation: JSONValue, shared: [JSONValue],
        at tokens: [String], types: inout SchemaMapper
    ) {
        for key in ["callbacks", "servers"] where operation[key] != nil {
            note(.notMapped, tokens + [key], "an operation's \(key) are not mapped")
        }
        let operationID = OpenAPISource.string(operation["operationId"])
        let id = SwiftName.unique(OpenAPISource.operationID(operation, method: method, path: path), in: &ids)
        let tag = OpenAPISource.string(OpenAPISource.array(operation["tags"]).first) ?? "default"
        var groupProperties = properties[tag] ?? []
        let property = SwiftName.unique(SwiftName.member(operationID ?? id), in: &groupProperties)
        properties[tag] = groupProperties
        let typeHint = SwiftName.type(operationID ?? id)

        // An operation left out is left out before its answers are read: their notes would be
        // about answers of nothing the package declares.
        let success = SuccessAnswer(of: operation, in: source)
        if let success, success.omission == .unreachable {
            note(.notMapped, tokens + ["responses", success.key], "the answer's reference leads nowhere: the operation is not declared")
            return
        }
        guard let response = successResponse(success, of: operation, at: tokens) else { return }
        let errorAnswers = self.errorAnswers(operation, success: response.key, at: tokens)
        var responseType = "NoContent"
        var mockText = ""
        var (madeUp, emptyOrJSON) = (false, false)
        var secretPaths: [String] = []
        if response.content == nil, method == "get", !SuccessAnswer.hasNoBody(response.status), !response.key.isEmpty {
            // A document leaving a read's answer out is common (pygeoapi's JSON `/openapi`), a
            // read answering nothing as documented rare but real (Pulp's `livez`), and so is a
            // download left undescribed (Mayan EDMS's document files): each passes.
            note(
                .notMapped, response.tokens,
                "a read whose answer has no content: declared JSONValue (any JSON) accepting an empty body too, and bytes in a "
                    + "type that is not JSON (a download), its mock {} made up")
            (responseType, mockText, madeUp, emptyOrJSON) = ("JSONValue", "{}", true, true)
        }
        if let content = response.content, let types = SuccessAnswer.bytesTypes(content) {
            let made = bytesMock(content, types: types, at: response.tokens, id: id)
            (responseType, mockText, madeUp) = ("BinaryBody", made.text, made.madeUp)
        } else if let content = response.content {
            guard let (mediaType, media) = jsonMedia(content) else { return }
            let mediaTokens = response.tokens + ["content", mediaType]
            if let schema = media["schema"] {
                if method == "get" { listAnswers[id] = schema }
                if method == "post" || method == "put" { creationAnswers[id] = schema }
                secretPaths = TokenObjectSecrets(source: source).paths(in: schema, issuedBy: method == "get" ? path : nil)
                let mapped = types.type(for: schema, hint: typeHint + "Response", at: mediaTokens + ["schema"])
                responseType = mapped.optional ? "\(mapped.type)?" : mapped.type
            } else {
                responseType = "JSONValue"
                note(.notMapped, mediaTokens, "a JSON answer without a schema: declared JSONValue")
            }
            (mockText, madeUp) = jsonMock(media, at: mediaTokens, id: id)
        }
        let mock = SwiftName.unique(mockName(id), in: &mockNames)
        mocks.append(
            ImportedFile(path: "mocks/\(mock).json", text: mockText.isEmpty || responseType == "BinaryBody" ? mockText : mockText + "\n"))
        if madeUp { madeUpMocks.append(("\(mock).json", mocks[mocks.count - 1].text)) }
        let answerHeaders = ImportedAnswerHeaders.required(in: success?.answer, source: source)
        if !answerHeaders.isEmpty {
            mocks.append(ImportedFile(path: "mocks/\(MockHeaders.folder)/\(mock).json", text: MockHeaders.text(answerHeaders)))
        }

        let declared = declaredParameters(
            operation, shared: shared, method: method, path: path, id: id, at: tokens, answer: (response.content, response.tokens),
            types: &types)
        var parameters = declared.parameters
        let auth = security.requiresToken(operation, document: source.root, method: method, path: path)
        var renames = false
        var body = requestBody(
            operation, method: method, at: tokens, hint: typeHint + "Body", operation: (id, path, auth.token), renames: &renames,
            types: &types)
        let logsIn = security.login?.isOperation(method: method, path: path) == true
        // OpenAPI's request body is optional unless it says `required: true`; a login's carries
        // the credentials it is called for.
        if let declared = body, !logsIn, let given = operation["requestBody"].flatMap({ source.resolve($0) }),
            !OpenAPISource.bool(given["required"])
        {
            body = declared + ".optional()"
        }
        if logsIn { loginEndpoint = id }
        let loggingOut =
            !logsIn && (auth.token || LogoutOperation.unsaidSecurity(operation, document: source.root))
            && LogoutOperation.word(operationID: id, path: path) != nil
        if loggingOut { note(.madeUp, tokens, LogoutOperation.note(id: id, path: path, token: auth.token)) }
        let resetsCredential =
            !logsIn && !loggingOut && auth.token && CredentialResetOperation.word(operation, method: method, path: path, source) != nil
        if resetsCredential { note(.madeUp, tokens, CredentialResetOperation.note(id: id, method: method, path: path)) }
        let logsOut = loggingOut || resetsCredential
        let ending = IdentityEndingOperation.ending(method: method, path: path)
        let endsIdentity = !logsIn && !logsOut && auth.token && (ending != nil || renames)
        if endsIdentity, ending != nil { note(.madeUp, tokens, IdentityEndingOperation.note(id: id, method: method, path: path)) }
        let refreshes = !logsIn && security.refresh?.isOperation(method: method, path: path) == true
        if refreshes {
            refreshEndpoint = id
            note(
                .madeUp, tokens,
                "\(id) renews the login's token: declared sessionEffect: .refreshes, and the auth policy's refresh sends it the "
                    + "login's refresh token (\(security.refresh?.refreshTokenPath ?? "")) \(security.refresh?.carried ?? "")"
            )
            // The run fills it with the refresh token it holds: a parameter with no sample, not a typed body's input.
            if let member = security.refresh?.parameter {
                body = nil
                parameters.append(".body(\(SwiftName.literal(member)), .string, secret: true)")
            }
        } else if !auth.other.isEmpty {
            note(
                .notMapped, tokens + ["security"],
                "requires \(auth.other.joined(separator: " or ")), which the package does not declare: declared without a token")
        }
        let summary = OpenAPISource.string(operation["summary"]).map(SwiftName.oneLine).flatMap { $0.isEmpty ? nil : $0 }
        let description = OpenAPISource.string(operation["description"]).flatMap { $0.isEmpty ? nil : $0 }
        let read = ReadingPost.word(method: method, path: path, successStatus: response.status, answersContent: response.content != nil)
        if let read {
            note(
                .madeUp, tokens,
                "\(id) is taken for a read (a POST to '\(read)'): declared readingOnly(), so live --reads-only sends it; remove that if it changes data"
            )
        }
        endpoints.append(
            ImportedEndpoint(
                tag: tag, property: property, id: id, method: Self.methodExpression(method),
                path: Self.spanning(
                    addressPaths.declared[path] ?? String(path.drop { $0 == "/" }), parameters: declared.merged.map(\.value)),
                parameters: parameters, responseType: responseType,
                successStatus: response.status, alsoSuccessStatuses: response.alsoStatuses, mock: mock, token: auth.token, body: body,
                summary: summary, details: description, secretPaths: secretPaths,
                errorAnswers: errorAnswers, sessionEffect: logsIn ? ".logsIn" : logsOut ? ".logsOut" : nil, readingOnly: read != nil,
                acceptsEmptyBody: emptyOrJSON, answerHeaders: answerHeaders.map(\.name)))
        // A refresh needs no token of the login's scheme, so it is never taken for a logout.
        if refreshes { endpoints[endpoints.count - 1].sessionEffect = ".refreshes" }
        endpoints[endpoints.count - 1].endingIdentity = endsIdentity && !refreshes
        // Superset's `DELETE /api/v1/theme/unset_system_default` names nothing: it changes the server for everyone.
        if method == "delete", !logsOut, !endsIdentity, body == nil, !path.contains("{"),
            !parameters.contains(where: { $0.hasPrefix(".path(") || $0.hasPrefix(".query(") })
        {
            endpoints[endpoints.count - 1].changingGlobalState = true
            note(
                .madeUp, tokens,
                "\(id) deletes with nothing to name (DELETE \(path), no parameter, no body): a collection or a setting of the whole "
                    + "server; declared changingGlobalState(), so live sends it only when --only names it",
                gist:
                    "a DELETE with nothing to name (a collection, a setting): declared changingGlobalState(), sent only when --only names it"
            )
        }
        // A server may answer a caller without the optional token: no missing-token probe.
        if auth.optional { endpoints[endpoints.count - 1].probing = ".whenSafe.skipping(.missingToken)" }
        if case .bool(true)? = operation["deprecated"] {
            // The package declares no deprecation: said, so that a server's refusal is no surprise.
            note(
                .notMapped, tokens + ["deprecated"],
                "\(id) is deprecated in the document: declared and checked like the others, though the server may have "
                    + "removed it (a 404 or 410 from live then says so; --only leaves it out)",
                gist: "an operation deprecated in the document: declared and checked like the others, though the server may "
                    + "have removed it (a 404 or 410 from live then says so; --only leaves it out)")
        }
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
            (
                "properties",
                .object([
                    ("access_token", string), ("token_type", string), ("expires_in", .object([("type", .string("integer"))])),
                    ("refresh_token", string), ("scope", string),
                ])
            ),
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
        let made: JSONValue = .object([
            ("access_token", .string("made-up-access-token")), ("token_type", .string("Bearer")),
            ("expires_in", .number("3600")),
        ])
        mocks.append(ImportedFile(path: "mocks/\(mock).json", text: made.prettyText + "\n"))
        madeUpMocks.append(("\(mock).json", made.prettyText + "\n"))
        note(.madeUp, tokens, "the token endpoint's answer: mocks/\(mock).json is made up")
        loginEndpoint = id
        endpoints.append(
            ImportedEndpoint(
                tag: tag, property: property, id: id, method: ".post", path: path, parameters: [], responseType: answerType,
                successStatus: 200, mock: mock, token: false,
                body: Self.bodyExpression(type: requestType, value: .object(grant), kind: .form),
                comment:
                    "The \(scheme) scheme's OAuth 2 client-credentials token endpoint (its tokenUrl): the client's id and secret as HTTP Basic credentials.",
                sessionEffect: ".logsIn"))
    }

    mutating func note(_ kind: ImportNote.Kind, _ tokens: [String], _ message: String, gist: String? = nil) {
        notes.append(ImportNote(kind, at: OpenAPISource.location(tokens), message, gist: gist))
    }
}
