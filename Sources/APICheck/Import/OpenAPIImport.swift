import Foundation

/// `apicheck import-openapi`'s translation: an OpenAPI 3.0 or 3.1 document (a `JSONValue`, read
/// from JSON here or from YAML by the command line) into the files of a contracts module and its
/// mocks — one file per type, one `EndpointGroup` per tag, the API's declaration, and a success
/// mock per operation — plus the notes of what it did not map or made up. The command adds the
/// manifest and `main.swift` around them.
public struct OpenAPIImport: Sendable {
    /// Names and places the package's files use.
    public struct Settings: Sendable {
        /// The API's name (`petstore`).
        public var name: String
        /// The enum declaring the API (`Petstore`).
        public var typeName: String
        /// The module holding the declarations (`PetstoreContracts`).
        public var moduleName: String
        /// The start of environment variables' names (`PETSTORE`).
        public var variablePrefix: String
        /// The staging URL; nil: the document's first server.
        public var baseURL: URL?
        /// Where the document was fetched from, when it was: OpenAPI says a relative server URL
        /// is relative to it (and Swagger 2.0 that a document without `host` is served by it).
        public var documentURL: URL?
        /// The header every operation sends a token in, whatever the document's security says.
        public var tokenHeader: TokenHeader?

        public init(
            name: String, typeName: String, moduleName: String, variablePrefix: String, baseURL: URL?,
            documentURL: URL? = nil, tokenHeader: TokenHeader? = nil
        ) {
            self.tokenHeader = tokenHeader
            self.name = name
            self.typeName = typeName
            self.moduleName = moduleName
            self.variablePrefix = variablePrefix
            self.baseURL = baseURL
            self.documentURL = documentURL
        }
    }

    public struct Result: Sendable {
        public var files: [ImportedFile]
        public var notes: [ImportNote]
        public var endpointCount: Int
        public var typeCount: Int
        /// The staging URL declared: the one given, the document's first server, or a placeholder.
        public var baseURL: URL
        /// The document the package declares, in OpenAPI 3 form (a Swagger 2.0 one converted):
        /// kept in the package so that `--check` can compare a newer one with it.
        public var document: JSONValue
        /// The endpoints whose method is no safe one (GET, HEAD, OPTIONS), the login aside: a plain
        /// `live` sends them, `live --reads-only` does not.
        public var writeCount = 0
        /// The endpoints whose method is safe: what `live --reads-only` checks.
        public var readCount = 0
    }

    /// The placeholder host staging is on until `--base-url` names one: at OpenAPI's default
    /// server `/`, or under a server's path that names no host.
    public static let fallbackBaseURL = URL(string: "https://staging.example.com/")!

    public let settings: Settings

    public init(settings: Settings) {
        self.settings = settings
    }

    /// Reads a JSON document's bytes (the core has no YAML reader: the command line reads a YAML
    /// document through libyaml into the same `JSONValue`; a YAML one is refused here by name).
    public static func parse(_ data: Data) throws(OpenAPIImportError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            let text = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let yaml =
                !text.hasPrefix("{") && !text.hasPrefix("[")
                && (text.hasPrefix("openapi:") || text.hasPrefix("swagger:") || text.hasPrefix("---") || text.hasPrefix("#")
                    || text.contains("\nopenapi:") || text.contains("\ninfo:"))
            throw .notJSON(reason: "\(error)", looksLikeYAML: yaml)
        }
    }

    /// The document as the import reads it: an OpenAPI 3.0 or 3.1 one as it is, a Swagger 2.0
    /// one converted. `--check` compares two documents in this form.
    public func openAPIDocument(_ given: JSONValue) throws(OpenAPIImportError) -> JSONValue {
        try converted(given).document
    }

    private func converted(_ given: JSONValue) throws(OpenAPIImportError) -> (document: JSONValue, conversion: SwaggerConversion?) {
        guard case .object = given else { throw .notAnObject(found: Self.kind(given)) }
        var document = given
        var conversion: SwaggerConversion?
        // `swagger: 2.0` unquoted in YAML is a number.
        if let swagger = OpenAPISource.string(given["swagger"]) ?? given["swagger"].flatMap(Self.numberText) {
            guard swagger == "2.0" || swagger == "2" else { throw .unsupportedVersion("Swagger \(swagger)") }
            let converted = SwaggerConversion(given, documentScheme: settings.documentURL?.scheme)
            document = converted.document
            conversion = converted
        }
        guard let version = OpenAPISource.string(document["openapi"]) else { throw .noVersion }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else { throw .unsupportedVersion("OpenAPI \(version)") }
        return (document, conversion)
    }

    public func run(_ given: JSONValue) throws(OpenAPIImportError) -> Result {
        let (document, conversion) = try converted(given)
        let source = OpenAPISource(root: document)
        var notes: [ImportNote] = []
        for key in ["webhooks"] where !OpenAPISource.members(document[key]).isEmpty {
            notes.append(ImportNote(.notMapped, at: "#/\(key)", "webhooks are not mapped"))
        }

        var types = SchemaMapper(source: source, reserved: [settings.typeName])
        types.declareComponents()
        let (baseURL, serverNote) = server(document, given: settings.baseURL)
        let ownServer = server(document, given: nil).0
        var security = SecurityMapping(
            source: source, variablePrefix: settings.variablePrefix, tokenHeader: settings.tokenHeader,
            baseURLs: [baseURL, ownServer])
        var writer = EndpointWriter(source: source, security: security, variablePrefix: settings.variablePrefix)
        writer.linkBase = baseURL.absoluteString
        writer.declareOperations(types: &types)
        guard !writer.endpoints.isEmpty else { throw .noOperations }
        writer.declareTokenEndpoint(types: &types)
        // Request variants are declared as the bodies are met; one may hold itself (a tree).
        types.markRecursiveTypes()
        security.loginEndpoint = writer.loginEndpoint
        security.refresh?.endpoint = writer.refreshEndpoint
        var endpoints = writer.endpoints
        var errors = ErrorMapping(source: source)
        errors.map(&endpoints, tokenPolicy: security.policy != nil, refresh: writer.refreshEndpoint)
        security.missingToken = errors.missingToken
        if errors.refreshAnswer != nil { security.refresh?.skippedProbes = ["tokenExpired", "deadRefreshToken"] }
        if !errors.declaresExpired, let refresh = writer.refreshEndpoint, let index = endpoints.firstIndex(where: { $0.id == refresh }) {
            // A refresh policy without a dead-token answer is a declaration problem: nothing would renew.
            security.refresh = nil
            endpoints[index].sessionEffect = nil
        }

        if let serverNote { notes.append(serverNote) }
        notes += PagingHint.note(source: source)
        if let accepted = AsyncAnswerHint.note(source: source) { notes.append(accepted) }
        let validation = ValidationStatus.of(source: source)
        if let validation { notes.append(validation.note) }
        if OpenAPISource.array(document["servers"]).count > 1 {
            notes.append(ImportNote(.notMapped, at: "#/servers", "the servers after the first are not declared as environments"))
        }
        let title = OpenAPISource.string(document["info"]?["title"]) ?? settings.name
        let secrets = SecretFieldNames.find(in: document)
        notes += secrets.notes + TokenObjectSecrets(source: source).notes()
        let csrf = ImportedCSRF.find(in: endpoints, source: source)
        if let csrf { notes.append(csrf.note) }
        let auth = csrf.map { (security.policy ?? "AuthPolicy.noLogin") + $0.modifier } ?? security.policy
        let api = APIWriter(
            name: settings.name, typeName: settings.typeName, title: title, baseURL: baseURL,
            localURL: APIWriter.localURL(for: baseURL), auth: auth, endpoints: endpoints,
            typeNames: Set(types.types.map(\.name)), errors: errors.shapeExpression, expired: errors.expiredStatuses,
            sampleVariables: writer.sampleVariables, secretFields: secrets.names,
            invalidRequestStatus: validation?.status)
        let folder = "Sources/\(settings.moduleName)"
        var files = [ImportedFile(path: "\(folder)/\(settings.typeName).swift", text: api.declaration)]
        files += api.groupFiles.map { ImportedFile(path: "\(folder)/Endpoints/\($0.name).swift", text: $0.text) }
        files += types.types.map { ImportedFile(path: "\(folder)/Types/\($0.name).swift", text: TypeWriter(type: $0).text) }
        files += writer.mocks + errors.mocks
        if !writer.madeUpMocks.isEmpty {
            files.append(ImportedFile(path: "mocks/\(MadeUpMocks.fileName)", text: MadeUpMocks.listing(writer.madeUpMocks)))
        }
        notes += security.notes + types.notes + writer.notes + errors.notes
        if let conversion {
            // The notes point into the converted document: turned back into the Swagger one's.
            notes =
                conversion.notes
                + notes.map { note in
                    var note = note
                    note.location = conversion.originalLocation(note.location)
                    return note
                }
        }
        return Result(
            files: files, notes: notes, endpointCount: endpoints.count, typeCount: types.types.count,
            baseURL: baseURL, document: document, writeCount: endpoints.count { !$0.isRead && $0.sessionEffect == nil },
            readCount: endpoints.count(where: \.isRead))
    }

    /// The staging URL: the one given, else the first server's (its variables at their defaults),
    /// else a placeholder, noted. A relative server URL, or none, is relative to the document's
    /// URL when it was fetched; else it has no host to call: noted too.
    private func server(_ document: JSONValue, given: URL?) -> (URL, ImportNote?) {
        if let given { return (given, nil) }
        guard let first = OpenAPISource.array(document["servers"]).first,
            var text = OpenAPISource.string(first["url"])
        else {
            // OpenAPI's default server is `/`: the origin the document was fetched from.
            if let documentURL = settings.documentURL, let origin = URL(string: "/", relativeTo: documentURL)?.absoluteURL {
                return (origin, nil)
            }
            return (
                Self.fallbackBaseURL,
                ImportNote(
                    .notMapped, at: "#/servers",
                    "no server: staging is \(Self.fallbackBaseURL.absoluteString) until --base-url says otherwise")
            )
        }
        let written = text
        for (name, variable) in OpenAPISource.members(first["variables"]) {
            if let value = OpenAPISource.string(variable["default"]) { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        }
        if !text.hasSuffix("/") { text += "/" }
        if let documentURL = settings.documentURL, URL(string: text)?.host == nil,
            let resolved = URL(string: text, relativeTo: documentURL)?.absoluteURL
        {
            text = resolved.absoluteString
        }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            // A path with no host keeps its path on the placeholder: the routes stay where the
            // document puts them, as they do when the document is fetched by URL.
            let hostless = text.hasPrefix("/") && !text.hasPrefix("//")
            let placeholder = (hostless ? URL(string: text, relativeTo: Self.fallbackBaseURL)?.absoluteURL : nil) ?? Self.fallbackBaseURL
            return (
                placeholder,
                ImportNote(
                    .notMapped, at: "#/servers/0/url",
                    "'\(written)' is not an absolute http(s) URL: staging is \(placeholder.absoluteString) until --base-url says otherwise"
                )
            )
        }
        return (url, nil)
    }

    private static func numberText(_ value: JSONValue) -> String? {
        if case let .number(text) = value { return text }
        return nil
    }

    private static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
