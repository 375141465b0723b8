/// A Swagger 2.0 document rewritten as the OpenAPI 3.0 document it describes, so that the one
/// importer maps both: `host`, `basePath` and `schemes` become `servers`; `definitions`, the
/// top-level `parameters` and `responses` and `securityDefinitions` become `components` (every
/// local `$ref` rewritten to match); a `body` parameter becomes the `requestBody` under each
/// media type the operation consumes, `formData` parameters a form body; an answer's `schema`
/// becomes its `content` under each media type it produces, its `examples` those media types'
/// examples; `collectionFormat` becomes `style`/`explode` and `x-nullable` `nullable`.
///
/// What has no OpenAPI 3 counterpart here is a note with the Swagger document's own pointer, and
/// `originalLocation(_:)` turns the pointers of the importer's notes (into the converted
/// document) back into the Swagger document's, so that every note points at what the user wrote.
struct SwaggerConversion {
    /// The OpenAPI 3.0 document.
    private(set) var document: JSONValue = .null
    private(set) var notes: [ImportNote] = []
    /// A converted pointer → the Swagger pointer it came from; a longer pointer wins.
    private var origins: [String: String] = [:]

    private let root: JSONValue
    private let consumes: [String]
    private let produces: [String]

    static let jsonMediaType = "application/json"

    /// `documentScheme`: the scheme the document was fetched with, which Swagger 2.0 says applies
    /// when the document lists no `schemes`; nil for a file (then https, noted).
    init(_ swagger: JSONValue, documentScheme: String? = nil) {
        root = swagger
        consumes = Self.strings(swagger["consumes"])
        produces = Self.strings(swagger["produces"])
        var members: [(key: String, value: JSONValue)] = [("openapi", .string("3.0.3"))]
        for key in ["info", "tags", "externalDocs"] {
            if let value = swagger[key] { members.append((key, value)) }
        }
        if let servers = servers(documentScheme: documentScheme) { members.append(("servers", servers)) }
        if let security = swagger["security"] { members.append(("security", security)) }
        members.append(("paths", paths()))
        members.append(("components", components()))
        for (key, _) in OpenAPISource.members(swagger)
            where !Self.convertedKeys.contains(key) && !key.hasPrefix("x-") {
            note([key], "'\(key)' of a Swagger 2.0 document is not mapped")
        }
        document = .object(members)
    }

    private static let convertedKeys: Set<String> = [
        "swagger", "info", "tags", "externalDocs", "host", "basePath", "schemes", "consumes", "produces", "security",
        "paths", "definitions", "parameters", "responses", "securityDefinitions",
    ]

    /// The Swagger document's pointer for a pointer into the converted one: the longest converted
    /// prefix recorded, with the rest of the pointer kept; the pointer itself when none is.
    func originalLocation(_ location: String) -> String {
        var tokens = location.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var rest: [String] = []
        while tokens.count > 1 {
            if let origin = origins[tokens.joined(separator: "/")] {
                return ([origin] + rest).joined(separator: "/")
            }
            rest.insert(tokens.removeLast(), at: 0)
        }
        return location
    }

    // MARK: - Servers

    /// One server per scheme (`https://host/basePath`), the first one the staging server; with no
    /// `host`, the base path alone: a URL relative to where the document was served, as Swagger
    /// 2.0 says.
    private mutating func servers(documentScheme: String?) -> JSONValue? {
        let host = OpenAPISource.string(root["host"])
        var basePath = OpenAPISource.string(root["basePath"]) ?? "/"
        if !basePath.hasPrefix("/") { basePath = "/" + basePath }
        let origin = host == nil && root["basePath"] != nil ? "#/basePath" : "#/host"
        origins["#/servers"] = origin
        guard let host else {
            origins["#/servers/0"] = origin
            origins["#/servers/0/url"] = origin
            return root["basePath"] == nil ? nil : .array([.object([("url", .string(basePath))])])
        }
        var schemes = Self.strings(root["schemes"]).filter { ["http", "https"].contains($0.lowercased()) }
        for other in Self.strings(root["schemes"]) where !["http", "https"].contains(other.lowercased()) {
            note(["schemes"], "scheme '\(other)' is not mapped (http and https are)")
        }
        if schemes.isEmpty {
            schemes = [documentScheme ?? "https"]
            if documentScheme == nil {
                note(["schemes"], "no schemes: the server is taken to be https://\(host)\(basePath)")
            }
        }
        for index in schemes.indices {
            origins["#/servers/\(index)"] = origin
            origins["#/servers/\(index)/url"] = origin
        }
        return .array(schemes.map { .object([("url", .string("\($0.lowercased())://\(host)\(basePath)"))]) })
    }

    // MARK: - Components

    private mutating func components() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        var schemas: [(key: String, value: JSONValue)] = []
        for (name, schema) in OpenAPISource.members(root["definitions"]) {
            schemas.append((name, self.schema(schema, at: ["definitions", name])))
            origins[Self.pointer(["components", "schemas", name])] = Self.pointer(["definitions", name])
        }
        if !schemas.isEmpty { members.append(("schemas", .object(schemas))) }

        var parameters: [(key: String, value: JSONValue)] = []
        var bodies: [(key: String, value: JSONValue)] = []
        for (name, parameter) in OpenAPISource.members(root["parameters"]) {
            let tokens = ["parameters", name]
            switch OpenAPISource.string(parameter["in"]) {
            case "body"?:
                bodies.append((name, requestBody(parameter, consumes: consumes, at: tokens)))
                origins[Self.pointer(["components", "requestBodies", name])] = Self.pointer(tokens)
                recordBodyOrigins(["components", "requestBodies", name], parameter: tokens, consumes: consumes)
            case "formData"?:
                // Merged into the form body of each operation that refers to it.
                continue
            default:
                parameters.append((name, self.parameter(parameter, at: tokens)))
                recordParameterOrigins(["components", "parameters", name], original: tokens)
            }
        }
        if !parameters.isEmpty { members.append(("parameters", .object(parameters))) }
        if !bodies.isEmpty { members.append(("requestBodies", .object(bodies))) }

        var responses: [(key: String, value: JSONValue)] = []
        for (name, response) in OpenAPISource.members(root["responses"]) {
            responses.append((name, self.response(response, produces: produces, at: ["responses", name],
                                                  converted: ["components", "responses", name])))
        }
        if !responses.isEmpty { members.append(("responses", .object(responses))) }

        var schemes: [(key: String, value: JSONValue)] = []
        for (name, definition) in OpenAPISource.members(root["securityDefinitions"]) {
            if let scheme = securityScheme(definition, at: ["securityDefinitions", name]) {
                schemes.append((name, scheme))
                origins[Self.pointer(["components", "securitySchemes", name])] = Self.pointer(["securityDefinitions", name])
            }
        }
        if !schemes.isEmpty { members.append(("securitySchemes", .object(schemes))) }
        return .object(members)
    }

    /// basic → HTTP Basic; apiKey as it is; oauth2 with its one flow under `flows`.
    private mutating func securityScheme(_ definition: JSONValue, at tokens: [String]) -> JSONValue? {
        let description = definition["description"].map { [(key: "description", value: $0)] } ?? []
        switch OpenAPISource.string(definition["type"]) {
        case "basic"?:
            return .object([("type", .string("http")), ("scheme", .string("basic"))] + description)
        case "apiKey"?:
            return .object([("type", .string("apiKey")), ("name", definition["name"] ?? .string("")),
                            ("in", definition["in"] ?? .string("header"))] + description)
        case "oauth2"?:
            let flowNames = ["implicit": "implicit", "password": "password", "application": "clientCredentials",
                             "accessCode": "authorizationCode"]
            let given = OpenAPISource.string(definition["flow"]) ?? ""
            guard let flow = flowNames[given] else {
                note(tokens + ["flow"], "OAuth 2 flow '\(given)' is not mapped")
                return nil
            }
            var members: [(key: String, value: JSONValue)] = []
            for key in ["authorizationUrl", "tokenUrl"] {
                if let value = definition[key] { members.append((key, value)) }
            }
            members.append(("scopes", definition["scopes"] ?? .object([])))
            return .object([("type", .string("oauth2")), ("flows", .object([(flow, .object(members))]))] + description)
        case let other:
            note(tokens, "security definition type '\(other ?? "")' is not mapped (basic, apiKey and oauth2 are)")
            return nil
        }
    }

    // MARK: - Paths

    private mutating func paths() -> JSONValue {
        var paths: [(key: String, value: JSONValue)] = []
        for (path, item) in OpenAPISource.members(root["paths"]) {
            let tokens = ["paths", path]
            if let reference = OpenAPISource.string(item["$ref"]) {
                note(tokens + ["$ref"], "the path item's reference '\(reference)' is not followed: not declared")
                continue
            }
            var members: [(key: String, value: JSONValue)] = []
            let shared = OpenAPISource.array(item["parameters"])
            let (kept, _) = splitParameters(shared, at: tokens + ["parameters"], converted: tokens + ["parameters"])
            if !kept.isEmpty { members.append(("parameters", .array(kept))) }
            for (key, value) in OpenAPISource.members(item) where key != "parameters" {
                if EndpointWriter.methods.contains(key) {
                    members.append((key, operation(value, shared: shared, at: tokens + [key])))
                } else if key.hasPrefix("x-") {
                    members.append((key, value))
                } else {
                    note(tokens + [key], "'\(key)' on a path is not mapped")
                }
            }
            paths.append((path, .object(members)))
        }
        return .object(paths)
    }

    private mutating func operation(_ operation: JSONValue, shared: [JSONValue], at tokens: [String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for key in ["tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security"] {
            if let value = operation[key] { members.append((key, value)) }
        }
        if operation["schemes"] != nil { note(tokens + ["schemes"], "an operation's schemes are not mapped") }
        let consumes = operation["consumes"].map { Self.strings($0) } ?? self.consumes
        let produces = operation["produces"].map { Self.strings($0) } ?? self.produces
        let own = OpenAPISource.array(operation["parameters"])
        let (kept, bodies) = splitParameters(own, at: tokens + ["parameters"], converted: tokens + ["parameters"])
        if !kept.isEmpty { members.append(("parameters", .array(kept))) }

        // The operation's body parameters replace the path's; its form fields join the path's.
        let sharedBodies = splitParameters(shared, at: Array(tokens.dropLast()) + ["parameters"], converted: nil).bodies
        let body = bodies.first { $0.place == "body" } ?? sharedBodies.first { $0.place == "body" }
        let fields = sharedBodies.filter { $0.place == "formData" } + bodies.filter { $0.place == "formData" }
        if let body {
            if let reference = body.reference {
                members.append(("requestBody", .object([("$ref", .string(reference))])))
            } else {
                members.append(("requestBody", requestBody(body.value, consumes: consumes, at: body.tokens)))
                recordBodyOrigins(tokens + ["requestBody"], parameter: body.tokens, consumes: consumes)
            }
            origins[Self.pointer(tokens + ["requestBody"])] = Self.pointer(body.tokens)
            for field in fields {
                note(field.tokens, "form field beside a body parameter: not mapped")
            }
        } else if !fields.isEmpty {
            members.append(("requestBody", formBody(fields, consumes: consumes)))
            origins[Self.pointer(tokens + ["requestBody"])] = Self.pointer(fields[0].tokens)
        }

        var responses: [(key: String, value: JSONValue)] = []
        for (status, response) in OpenAPISource.members(operation["responses"]) {
            responses.append((status, self.response(response, produces: produces, at: tokens + ["responses", status],
                                                    converted: tokens + ["responses", status])))
        }
        members.append(("responses", .object(responses)))
        for (key, value) in OpenAPISource.members(operation) where key.hasPrefix("x-") { members.append((key, value)) }
        return .object(members)
    }

    private struct BodyParameter {
        /// `body` or `formData`.
        var place: String
        var value: JSONValue
        /// Its own place in the Swagger document (the referenced one's when it is a reference).
        var tokens: [String]
        /// The converted reference (`#/components/requestBodies/X`) of a referenced body.
        var reference: String?
    }

    /// The parameters that stay parameters (converted, references rewritten), and the body and
    /// form ones (references followed), which become the request body. `converted`: where the
    /// kept ones go, to record their origins (their indexes change when a body leaves the list).
    private mutating func splitParameters(_ list: [JSONValue], at tokens: [String], converted: [String]?)
        -> (kept: [JSONValue], bodies: [BodyParameter]) {
        var kept: [JSONValue] = []
        var bodies: [BodyParameter] = []
        for (index, parameter) in list.enumerated() {
            let own = tokens + [String(index)]
            if let reference = OpenAPISource.string(parameter["$ref"]) {
                guard reference.hasPrefix("#/parameters/") else {
                    if converted != nil { note(own, "the parameter's reference '\(reference)' is not followed: not declared") }
                    continue
                }
                let name = Self.unescape(String(reference.dropFirst("#/parameters/".count)))
                guard let target = root["parameters"]?[name] else {
                    if converted != nil { note(own, "the parameter's reference '\(reference)' leads nowhere: not declared") }
                    continue
                }
                switch OpenAPISource.string(target["in"]) {
                case "body"?:
                    bodies.append(BodyParameter(place: "body", value: target, tokens: ["parameters", name],
                                                reference: Self.pointer(["components", "requestBodies", name])))
                case "formData"?:
                    bodies.append(BodyParameter(place: "formData", value: target, tokens: ["parameters", name]))
                default:
                    if let converted { origins[Self.pointer(converted + [String(kept.count)])] = Self.pointer(own) }
                    kept.append(.object([("$ref", .string(Self.pointer(["components", "parameters", name])))]))
                }
                continue
            }
            switch OpenAPISource.string(parameter["in"]) {
            case "body"?, "formData"?:
                bodies.append(BodyParameter(place: OpenAPISource.string(parameter["in"])!, value: parameter, tokens: own))
            default:
                guard let converted else { continue }
                recordParameterOrigins(converted + [String(kept.count)], original: own)
                kept.append(self.parameter(parameter, at: own))
            }
        }
        return (kept, bodies)
    }

    /// A path, query or header parameter: its type, format, items, enum and validation keywords
    /// become its `schema`; `collectionFormat` its `style` and `explode`; `x-example` its example.
    private mutating func parameter(_ parameter: JSONValue, at tokens: [String]) -> JSONValue {
        let place = OpenAPISource.string(parameter["in"]) ?? ""
        var members: [(key: String, value: JSONValue)] = []
        for key in ["name", "in", "description", "required", "deprecated", "allowEmptyValue"] {
            if let value = parameter[key] { members.append((key, value)) }
        }
        if OpenAPISource.string(parameter["type"]) == "array" {
            let format = OpenAPISource.string(parameter["collectionFormat"]) ?? "csv"
            switch (format, place) {
            case ("csv", "query"):
                members += [("style", .string("form")), ("explode", .bool(false))]
            case ("csv", _):
                members += [("style", .string("simple")), ("explode", .bool(false))]
            case ("multi", "query"):
                members += [("style", .string("form")), ("explode", .bool(true))]
            case ("ssv", "query"):
                members += [("style", .string("spaceDelimited")), ("explode", .bool(false))]
            case ("pipes", "query"):
                members += [("style", .string("pipeDelimited")), ("explode", .bool(false))]
            default:
                note(tokens + ["collectionFormat"], "collectionFormat '\(format)' in the \(place) is not mapped")
            }
        }
        members.append(("schema", schema(parameter, at: tokens, fieldsOnly: true)))
        if let example = parameter["x-example"] { members.append(("example", example)) }
        for (key, value) in OpenAPISource.members(parameter) where key.hasPrefix("x-") && key != "x-example" {
            members.append((key, value))
        }
        return .object(members)
    }

    private mutating func recordParameterOrigins(_ converted: [String], original: [String]) {
        origins[Self.pointer(converted)] = Self.pointer(original)
        // The schema is made of the parameter's own fields.
        origins[Self.pointer(converted + ["schema"])] = Self.pointer(original)
    }

    // MARK: - Bodies

    /// A `body` parameter as a request body under each media type consumed (JSON when none is).
    private mutating func requestBody(_ parameter: JSONValue, consumes: [String], at tokens: [String]) -> JSONValue {
        let schema = parameter["schema"].map { self.schema($0, at: tokens + ["schema"]) } ?? .object([])
        var members: [(key: String, value: JSONValue)] = []
        if let description = parameter["description"] { members.append(("description", description)) }
        if let required = parameter["required"] { members.append(("required", required)) }
        let types = consumes.isEmpty ? [Self.jsonMediaType] : consumes
        members.append(("content", .object(types.map { ($0, .object([("schema", schema)])) })))
        return .object(members)
    }

    private mutating func recordBodyOrigins(_ converted: [String], parameter: [String], consumes: [String]) {
        for type in consumes.isEmpty ? [Self.jsonMediaType] : consumes {
            origins[Self.pointer(converted + ["content", type])] = Self.pointer(parameter)
            origins[Self.pointer(converted + ["content", type, "schema"])] = Self.pointer(parameter + ["schema"])
        }
    }

    /// `formData` parameters as one form body: multipart when the operation consumes it or a
    /// field is a file, else URL-encoded; each field a property of its schema.
    private mutating func formBody(_ fields: [BodyParameter], consumes: [String]) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        var required: [JSONValue] = []
        var file = false
        for field in fields {
            guard let name = OpenAPISource.string(field.value["name"]) else { continue }
            if OpenAPISource.string(field.value["type"]) == "file" { file = true }
            properties.append((name, schema(field.value, at: field.tokens, fieldsOnly: true)))
            if OpenAPISource.bool(field.value["required"]) { required.append(.string(name)) }
        }
        let multipart = file || consumes.contains("multipart/form-data")
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var schema: [(key: String, value: JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { schema.append(("required", .array(required))) }
        return .object([("content", .object([(type, .object([("schema", .object(schema))]))]))])
    }

    // MARK: - Answers

    /// An answer: its `schema` as `content` under each media type produced (JSON when none is),
    /// its `examples` (keyed by media type) as those media types' examples, its headers' types
    /// as their schemas.
    private mutating func response(_ response: JSONValue, produces: [String], at tokens: [String], converted: [String]) -> JSONValue {
        origins[Self.pointer(converted)] = Self.pointer(tokens)
        if let reference = OpenAPISource.string(response["$ref"]) {
            return .object([("$ref", .string(Self.rewritten(reference)))])
        }
        var members: [(key: String, value: JSONValue)] = [("description", response["description"] ?? .string(""))]
        if !OpenAPISource.members(response["headers"]).isEmpty {
            var headers: [(key: String, value: JSONValue)] = []
            for (name, header) in OpenAPISource.members(response["headers"]) {
                var fields: [(key: String, value: JSONValue)] = []
                if let description = header["description"] { fields.append(("description", description)) }
                fields.append(("schema", schema(header, at: tokens + ["headers", name], fieldsOnly: true)))
                headers.append((name, .object(fields)))
            }
            members.append(("headers", .object(headers)))
        }
        let examples = OpenAPISource.members(response["examples"])
        if response["schema"] != nil || !examples.isEmpty {
            let schema = response["schema"].map { self.schema($0, at: tokens + ["schema"]) }
            var types = produces.isEmpty ? [Self.jsonMediaType] : produces
            types += examples.map(\.key).filter { !types.contains($0) }
            var content: [(key: String, value: JSONValue)] = []
            for type in types {
                var media: [(key: String, value: JSONValue)] = []
                if let schema { media.append(("schema", schema)) }
                if let example = examples.first(where: { $0.key == type })?.value {
                    media.append(("example", example))
                    origins[Self.pointer(converted + ["content", type, "example"])] = Self.pointer(tokens + ["examples", type])
                }
                content.append((type, .object(media)))
                origins[Self.pointer(converted + ["content", type])] = Self.pointer(tokens)
                origins[Self.pointer(converted + ["content", type, "schema"])] = Self.pointer(tokens + ["schema"])
            }
            members.append(("content", .object(content)))
        }
        for (key, value) in OpenAPISource.members(response) where key.hasPrefix("x-") { members.append((key, value)) }
        return .object(members)
    }

    // MARK: - Schemas

    /// A schema with its references rewritten, `x-nullable` as `nullable`, a `discriminator`'s
    /// property name as an object, `type: file` as a binary string (noted), the schemas it holds
    /// converted alike. `fieldsOnly`: a parameter's or header's own fields, of which only the
    /// schema keywords are taken.
    private mutating func schema(_ schema: JSONValue, at tokens: [String], fieldsOnly: Bool = false) -> JSONValue {
        guard case let .object(given) = schema else { return schema }
        var members: [(key: String, value: JSONValue)] = []
        for (key, value) in given {
            if fieldsOnly, !Self.schemaKeywords.contains(key) { continue }
            switch key {
            case "$ref":
                let reference = OpenAPISource.string(value) ?? ""
                if !reference.hasPrefix("#") { note(tokens + [key], "the reference '\(reference)' to another file is not followed") }
                members.append((key, .string(Self.rewritten(reference))))
            case "x-nullable":
                members.append(("nullable", value))
            case "type" where value == .string("file"):
                note(tokens + [key], "type 'file': declared as a binary string")
                members += [("type", .string("string")), ("format", .string("binary"))]
            case "discriminator":
                if case .string = value {
                    members.append((key, .object([("propertyName", value)])))
                } else {
                    members.append((key, value))
                }
            case "properties":
                members.append((key, .object(OpenAPISource.members(value).map {
                    ($0.key, self.schema($0.value, at: tokens + [key, $0.key]))
                })))
            case "items", "additionalProperties":
                if case .array(let items) = value {
                    // A tuple's items, which OpenAPI 3.0 has no form for.
                    note(tokens + [key], "an array of schemas as '\(key)' is not mapped")
                    members.append((key, items.first.map { self.schema($0, at: tokens + [key, "0"]) } ?? .object([])))
                } else {
                    members.append((key, self.schema(value, at: tokens + [key])))
                }
            case "allOf":
                members.append((key, .array(OpenAPISource.array(value).enumerated().map {
                    self.schema($0.element, at: tokens + [key, String($0.offset)])
                })))
            default:
                members.append((key, value))
            }
        }
        return .object(members)
    }

    /// The keywords of a parameter's, header's or form field's own fields that describe its value.
    private static let schemaKeywords: Set<String> = [
        "type", "format", "items", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
        "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf", "x-nullable",
    ]

    // MARK: - Pointers

    /// A local reference into the Swagger document as its place in the converted one.
    static func rewritten(_ reference: String) -> String {
        for (old, new) in [("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
                           ("#/responses/", "#/components/responses/")] where reference.hasPrefix(old) {
            return new + reference.dropFirst(old.count)
        }
        return reference
    }

    private static func pointer(_ tokens: [String]) -> String {
        OpenAPISource.location(tokens)
    }

    private static func unescape(_ token: String) -> String {
        (token.removingPercentEncoding ?? token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        OpenAPISource.array(value).compactMap { OpenAPISource.string($0) }
    }

    private mutating func note(_ tokens: [String], _ message: String) {
        notes.append(ImportNote(.notMapped, at: Self.pointer(tokens), message))
    }
}
