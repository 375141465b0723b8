import Foundation

/// The declarations as an OpenAPI 3.1.0 document: one path item per path template, one operation
/// per endpoint, schemas recorded from the decode types themselves (`SchemaRecorder`), the envelope
/// as one wrapper, the auth policy as a security scheme, and the mocks as named examples under
/// the status each is replayed with. The same declarations and mocks give the same bytes.
public struct OpenAPIDocument {
    public static let version = "3.1.0"
    /// Component names of the envelope's schemas.
    public static let envelopeComponent = "Envelope"
    public static let failureComponent = "EnvelopeFailure"
    /// Component name of the API's declared error shape.
    public static let errorComponent = "Error"
    /// The security scheme's name in `components.securitySchemes`, for a token.
    public static let securityScheme = "token"
    /// The scheme of a login that takes HTTP Basic credentials (`loginCredentials: .basic`).
    public static let loginSecurityScheme = "loginCredentials"

    public let api: API
    /// Base URLs for `servers`; nil takes the API's environments, by name.
    public var servers: [String]?
    /// Where examples come from; nil leaves them out.
    public var mocks: MockDirectory?
    /// The API's secret field names, masked in the examples: worked out once, since the API
    /// works them out from every endpoint each time it is asked.
    let redactedFields: Set<String>

    public init(api: API, servers: [String]? = nil, mocks: MockDirectory? = nil) {
        self.api = api
        self.servers = servers
        self.mocks = mocks
        redactedFields = api.redactedFields
    }

    /// Why the document could not be made: an endpoint whose decode type the recorder cannot walk.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var endpoint: String
        public var cause: SchemaRecordingError
        public var description: String { "\(endpoint): cannot record the schema of \(cause)" }
    }

    /// The document, with the mock files that gave no example (unreadable, not JSON), by path and
    /// reason, and what the schemas leave out (`SchemaRecorder.warnings`), each naming the type.
    public func build() throws(Failure) -> (document: JSONValue, skippedMocks: [(file: String, reason: String)], warnings: [String]) {
        let recorder = SchemaRecorder(
            dates: api.dates, reservedNames: [Self.envelopeComponent, Self.failureComponent, Self.errorComponent])
        var paths: [(key: String, value: JSONValue)] = []
        // Where each template sits in `paths`: a catalog of thousands finds its path item at once.
        var pathIndex: [String: Int] = [:]
        var skipped: [(file: String, reason: String)] = []
        let answers = api.endpoints.map { mockExamples($0, skipped: &skipped) }
        // Every mock's strings choose the branches of a discriminated payload: a type is walked
        // once, and the endpoints that share it may hold different branches.
        recorder.sampleStrings = Self.strings(in: answers.flatMap { $0.map(\.value) })
        for (endpoint, answers) in zip(api.endpoints, answers) {
            let operation: JSONValue
            do {
                operation = try self.operation(endpoint, recorder: recorder, answers: answers)
            } catch {
                throw Failure(endpoint: endpoint.id, cause: error)
            }
            // `{+path}` is written `{path}`: its parameter says that it spans segments. A path that
            // begins with an address-valued placeholder is written as such documents write it, with
            // no `/` of its own: the address brings one.
            let template =
                (endpoint.beginsWithAddress ? "" : "/")
                + (endpoint.path.hasPrefix("/") ? String(endpoint.path.dropFirst()) : endpoint.path)
                .replacingOccurrences(of: "{+", with: "{")
            let method = endpoint.method.rawValue.lowercased()
            if let index = pathIndex[template], case var .object(item) = paths[index].value {
                if let existing = item.firstIndex(where: { $0.key == method }) {
                    // Endpoints that share a method and path are one operation (see `mergedOperations`).
                    let group = api.endpoints.filter { $0.routeKey == endpoint.routeKey }
                    item[existing].value = merged(item[existing].value, with: operation, group: group, addedID: endpoint.id)
                } else {
                    item.append((method, operation))
                }
                paths[index].value = .object(item)
            } else {
                pathIndex[template] = paths.count
                paths.append((template, .object([(method, operation)])))
            }
        }
        var document: [(key: String, value: JSONValue)] = [
            ("openapi", .string(Self.version)),
            (
                "info",
                .object([
                    ("title", .string(api.name)),
                    ("version", .string("1")),
                    (
                        "description",
                        .string(
                            "Derived by apicheck from the Swift declarations of the \(api.name) API; "
                                + "schemas are recorded from the decode types, examples are the mocks.")
                    ),
                ])
            ),
        ]
        let serverList = serverEntries
        if !serverList.isEmpty { document.append(("servers", .array(serverList))) }
        document.append(("paths", .object(paths)))
        var components: [(key: String, value: JSONValue)] = [("schemas", .object(schemas(recorder)))]
        var schemes: [(key: String, value: JSONValue)] = securitySchemeValue.map { [(securitySchemeName, $0)] } ?? []
        if let login = api.auth.loginEndpoint, api.auth.loginCredentials == .basic {
            schemes.append(
                (
                    Self.loginSecurityScheme,
                    .object([
                        ("type", .string("http")), ("scheme", .string("basic")),
                        ("description", .string("HTTP Basic credentials, the account and its password, which \(login) takes.")),
                    ])
                ))
        }
        if !schemes.isEmpty { components.append(("securitySchemes", .object(schemes))) }
        document.append(("components", .object(components)))
        return (.object(document), skipped, recorder.warnings)
    }

    /// The document as text: JSON indented by two spaces, ending in a newline.
    public func render() throws(Failure) -> String {
        try build().document.prettyText + "\n"
    }

    private var serverEntries: [JSONValue] {
        func url(_ text: String) -> String {
            // Paths start with `/`: a base ending in `/` would give `//` once joined.
            text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        if let servers { return servers.map { .object([("url", .string(url($0)))]) } }
        // A reader takes the first server as the one to call (`import-openapi` its staging):
        // staging first, then other remote ones, then those on this machine, each by name.
        func rank(_ name: String) -> (Int, String) {
            let host = api.environments[name]?.host ?? ""
            let local = host == "localhost" || host == "::1" || host.hasPrefix("127.")
            return (name == "staging" ? 0 : local ? 2 : 1, name)
        }
        return api.environments.keys.sorted { rank($0) < rank($1) }.map { name in
            .object([("url", .string(url(api.environments[name]!.absoluteString))), ("description", .string(name))])
        }
    }

    private func schemas(_ recorder: SchemaRecorder) -> [(key: String, value: JSONValue)] {
        var all = recorder.components
        if let policy = api.envelope {
            all[Self.envelopeComponent] = envelopeSchema(policy)
            all[Self.failureComponent] = .object([
                ("description", .string("An envelope whose code is not a success code: a failure, a forced logout or a dead token.")),
                ("allOf", .array([JSONSchema.ref(Self.envelopeComponent), failureConstraint(policy)])),
            ])
        }
        if let errors = api.errors { all[Self.errorComponent] = errorSchema(errors) }
        return all.keys.sorted().map { ($0, all[$0]!) }
    }

    /// The envelope's fields at their paths: the code, the message, the payload when it has a key.
    func envelopeSchema(_ policy: EnvelopePolicy) -> JSONValue {
        var entries: [(path: JSONPath, schema: JSONValue, required: Bool)] = [
            (policy.codePath, JSONSchema.code(kinds: policy.codeKinds), true),
            (policy.messagePath, JSONSchema.type("string"), policy.messageRequired),
        ]
        if let payload = policy.payloadPath { entries.append((payload, JSONSchema.any, false)) }
        return JSONSchema.tree(entries, typed: true)
    }

    /// A code that is not a success code, at the code's path.
    func failureConstraint(_ policy: EnvelopePolicy) -> JSONValue {
        JSONSchema.tree([(policy.codePath, .object([("not", .object([("enum", successCodes(policy))]))]), false)], typed: false)
    }

    /// The API's error body: its code (any scalar) and message at their paths.
    private func errorSchema(_ errors: ErrorShape) -> JSONValue {
        JSONSchema.tree(
            [
                (errors.codePath, .object([("type", .array(["integer", "string", "boolean"].map(JSONValue.string)))]), true),
                (errors.messagePath, JSONSchema.type("string"), false),
            ], typed: true)
    }

    func successCodes(_ policy: EnvelopePolicy) -> JSONValue { .array(policy.successCodes.sorted().map(\.json)) }

    /// The security scheme's name: `token`, or `basic` for HTTP Basic credentials, which are none.
    var securitySchemeName: String { api.auth.credentialWord }

    /// The auth policy as a security scheme; nil for an API without a token.
    var securitySchemeValue: JSONValue? {
        var source: String
        if let login = api.auth.loginEndpoint {
            if case .cookie = api.auth.placement {
                source = "The session cookie \(login) sets."
            } else {
                source = "The token from \(login)'s payload" + (api.auth.tokenField.map { " (field `\($0)`)" } ?? "") + "."
            }
        } else if api.auth.placement == .basic {
            source = "HTTP Basic credentials: the account and its password."
        } else if api.auth.tokenVariable != nil {
            source = "A token or API key issued beforehand."
        } else {
            return nil
        }
        // A server run without its auth is the same API: a reader of the document must know what
        // turns it off, or will take every operation for one that needs the credential.
        if let variable = api.auth.offVariable {
            source += " Off when $\(variable) is off, false, no or 0 (in any case): the operations then need no credential."
        }
        switch api.auth.placement {
        case .basic:
            return .object([("type", .string("http")), ("scheme", .string("basic")), ("description", .string(source))])
        case let .cookie(name):
            return .object([
                ("type", .string("apiKey")), ("in", .string("cookie")), ("name", .string(name)),
                ("description", .string(source)),
            ])
        case let .query(name):
            return .object([
                ("type", .string("apiKey")), ("in", .string("query")), ("name", .string(name)),
                ("description", .string(source)),
            ])
        case let .header(name, prefix) where name.lowercased() == "authorization" && prefix.lowercased() == "bearer ":
            return .object([("type", .string("http")), ("scheme", .string("bearer")), ("description", .string(source))])
        case let .header(name, prefix):
            let note = prefix.isEmpty ? "" : " The value is the token after `\(prefix)`."
            return .object([
                ("type", .string("apiKey")), ("in", .string("header")), ("name", .string(name)),
                ("description", .string(source + note)),
            ])
        }
    }
}
