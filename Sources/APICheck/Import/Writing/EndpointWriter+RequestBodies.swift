import Foundation

extension EndpointWriter {
    /// `.json(NewPet.self, sample: ...)` for a JSON body, `.form(...)` for an
    /// `application/x-www-form-urlencoded` one (lists repeated, as OpenAPI's default `form` style
    /// with `explode` sends them), the sample decoded from the document's example (else one made
    /// from the schema) at first use; `.multipart(...)` for a `multipart/form-data` one, its binary
    /// strings as files (`FilePart`); `.binary(...)` for a file sent as the body (an image, an
    /// `application/octet-stream`); nil (and a note) otherwise: the core has no XML or text body.
    mutating func requestBody(
        _ operation: JSONValue, method: String, at tokens: [String], hint: String,
        operation endpoint: (id: String, path: String, token: Bool), renames: inout Bool, types: inout SchemaMapper
    ) -> String? {
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
        let members = OpenAPISource.members(body["content"])
        let form = members.first { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }
        let multipart = members.first { $0.key.lowercased().hasPrefix("multipart/form-data") }
        let kind: BodyKind
        let mediaType: String, media: JSONValue
        if let content = body["content"], let (key, value) = jsonMedia(content) {
            (kind, mediaType, media) = (.json, key, value)
        } else if let form {
            (kind, mediaType, media) = (.form, form.key, form.value)
        } else if let multipart {
            (kind, mediaType, media) = (.multipart, multipart.key, multipart.value)
        } else if let file = members.first(where: { isFile($0.key, $0.value) }) {
            if file.key.contains("*") {
                note(
                    .notMapped, bodyTokens + ["content", file.key],
                    "the media type \(file.key) is no one type: the file is sent as application/octet-stream")
            }
            return Self.binaryExpression(file.key, example: file.value["example"])
        } else {
            let kinds = members.map(\.key)
            note(
                .notMapped, bodyTokens,
                "a request body that is neither JSON, a form, multipart nor a file (\(kinds.joined(separator: ", "))) is not declared")
            return nil
        }
        let mediaTokens = bodyTokens + ["content", mediaType]
        let login = security.login.flatMap { $0.bodyMembers != nil && $0.isOperation(method: method, path: endpoint.path) ? $0 : nil }
        guard let schema = media["schema"] else {
            note(.notMapped, mediaTokens, "a request body without a schema is not declared")
            return nil
        }
        var mapped: (type: String, optional: Bool)
        let resolved = source.resolve(schema) ?? schema
        if kind == .json, method == "post" { creationRequests[endpoint.id] = schema }
        // What a request sends: a component with members only answers carry is its request variant.
        types.purpose = .request
        defer { types.purpose = .answer }
        if kind == .multipart {
            // A file is a binary string only in the body's own fields: a component the body
            // refers to is declared again under the body's name, so that its files are files.
            types.binaryIsFile = true
            mapped = types.type(for: fileFields(resolved).isEmpty ? schema : resolved, hint: hint, at: mediaTokens + ["schema"])
            types.binaryIsFile = false
        } else {
            mapped = types.type(for: schema, hint: hint, at: mediaTokens + ["schema"])
        }
        let type = mapped.optional ? "\(mapped.type)?" : mapped.type
        var value: JSONValue
        var madeUp = false
        let given = example(media, at: mediaTokens)
        let misfit = given.flatMap { ExampleFit(source: source, purpose: .request).describe($0.value, schema) }
        if let given, let misfit {
            // A body that does not decode is no sample at all: one made from the schema lets
            // `live` still send the endpoint.
            note(
                .notMapped, given.tokens,
                "the example does not fit its schema (\(misfit)): the body live sends is made from the schema")
        }
        if let example = given?.value, misfit == nil {
            value = example
            for (path, listed) in UnlistedExampleValues(source: source).find(in: example, schema: schema) {
                let values = listed.prefix(8).map(\.compactText).joined(separator: ", ") + (listed.count > 8 ? ", …" : "")
                note(
                    .notMapped, mediaTokens,
                    "the example body's value at \(path) is not one its schema lists (\(values)): live sends it as written, "
                        + "and a server that checks it refuses the body; fix the example or give the body in code")
            }
        } else {
            // Said as the answers' made-up mocks are: `live` sends it, and a server that checks
            // a value (a URL, an id that must exist) refuses what the schema alone allowed.
            let made = madeValue(for: schema, purpose: .request, at: mediaTokens + ["schema"])
            value = made.value
            madeUp = !made.given
            // The schema's own example as the whole body is the document's, not made up; a
            // login's credentials are read from variables, which its note names.
            if value != .object([]), given == nil, !made.given, login == nil {
                note(
                    .madeUp, mediaTokens,
                    "no example: the body live sends is made from the schema; a server that refuses it (a value that must exist) "
                        + "fails the endpoint: give the body an example in the document or a sample in the declaration")
            }
        }
        if kind == .multipart {
            value = fileSamples(value, schema: resolved, encoding: media["encoding"])
            // A part's media type is read (for the sample); its headers and a list's style are not.
            for (field, part) in OpenAPISource.members(media["encoding"]) {
                let others = OpenAPISource.members(part).map(\.key).filter { $0 != "contentType" }
                if others.isEmpty { continue }
                note(
                    .notMapped, mediaTokens + ["encoding", field],
                    "the part's \(others.joined(separator: ", ")) are not mapped: it goes as the core sends a part")
            }
        }
        if kind == .json || kind == .form, let login,
            let expression = loginBodyExpression(type: type, value: value, login: login, types: types, form: kind == .form)
        {
            return expression
        }
        // A credential made up from the schema would be set for real: Kinto's account update took
        // `"password": "string"` for the account the run logs in as, and locked the run out.
        if login == nil, madeUp, kind != .multipart,
            let credential = Self.credentialPath(in: value)
        {
            note(
                .madeUp, mediaTokens,
                "\(endpoint.id)'s body holds a credential (\(credential)) the document gives no example of: no made-up value "
                    + "is sent, as it would change a real one (the run's own account's password); live leaves it not checked "
                    + "until the declaration gives it a sample",
                gist: "a body holding a credential without an example: declared without a sample, so live sends no made-up credential")
            return ".\(kind.rawValue)(\(type).self)"
        }
        // A made-up name or address the account logs in by would rename the run's own account.
        let writesCaller = endpoint.token && IdentityChangingWrite.writesCaller(method: method, path: endpoint.path)
        let identifying = writesCaller && madeUp ? IdentityChangingWrite.members(in: value) : []
        if !identifying.isEmpty {
            let id = endpoint.id, path = endpoint.path
            let required = identifying.filter(IdentityChangingWrite.requiredMembers(schema, source: source).contains)
            if required.isEmpty {
                value = IdentityChangingWrite.removing(identifying, from: value)
                note(.madeUp, mediaTokens, IdentityChangingWrite.leftOutNote(id: id, method: method, path: path, members: identifying))
            } else {
                renames = true
                note(.madeUp, mediaTokens, IdentityChangingWrite.endingNote(id: id, method: method, path: path, members: required))
            }
        }
        var named: [String] = []
        if madeUp {
            let values = MadeUpBodyValues(source: source)
            value = values.namingNothing(value, schema: schema)
            if kind == .json {
                // A body input cannot take a parameter's name (the declaration refuses it): Jupyter's
                // `PUT /api/contents/{path}` sends a `path` in its body too, which stays as made.
                let parameters = Set(operationParameterNames(operation, path: endpoint.path))
                named = madeUpNames(value, schema: schema, id: endpoint.id, at: mediaTokens).filter { !parameters.contains($0) }
            }
        }
        var expression = Self.bodyExpression(type: type, value: value, kind: kind)
        if !named.isEmpty {
            let inputs = named.map { ".input(\(SwiftName.literal($0)), .string, sample: .unique(prefix: \"apicheck-\"))" }
            expression = String(expression.dropLast()) + ", replacing: [\(inputs.joined(separator: ", "))])"
        }
        // Marked so that `live` tells a server's refusal of a made-up value from one of a real sample.
        return expression + (madeUp ? ".madeUp()" : "")
    }

    /// The names of an operation's parameters: its path's placeholders and those it declares.
    private func operationParameterNames(_ operation: JSONValue, path: String) -> [String] {
        var names = path.split(separator: "{").dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) }
        if case let .array(declared)? = operation["parameters"] {
            names += declared.compactMap { OpenAPISource.string((source.resolve($0) ?? $0)["name"]) }
        }
        return names
    }

    /// The top-level text members of a made-up JSON body sent unique to the run (`MadeUpBodyValues`),
    /// those that cannot be noted.
    private mutating func madeUpNames(_ value: JSONValue, schema: JSONValue, id: String, at tokens: [String]) -> [String] {
        let (named, unfit) = MadeUpBodyValues(source: source).runNamed(value, schema: schema)
        if !unfit.isEmpty {
            note(
                .madeUp, tokens,
                "\(id)'s made-up body sends \(unfit.joined(separator: ", ")) as made from the schema, not unique to the run, "
                    + "as the run's name would not fit: give the body a sample if the value names an object",
                gist: "a made-up body's text that cannot be the run's own name (a format, a pattern, a length): sent as made")
        }
        return named
    }

    /// A media type whose body is a file's bytes: not text or XML, its schema a binary string
    /// or none at all (OpenAPI 3.1 leaves it out for raw bytes).
    private func isFile(_ mediaType: String, _ media: JSONValue) -> Bool {
        let type = MultipartBody.mediaType(mediaType)
        if type.hasPrefix("text/") || type.hasSuffix("xml") { return false }
        guard let schema = media["schema"].map({ source.resolve($0) ?? $0 }) else { return true }
        return schema == .object([]) || SchemaMapper.isBinary(schema)
    }

    /// `.binary(contentType: "image/png", sample: FilePart(content: ...))`: the example's text as
    /// the bytes, `hello` without one; a wildcard media type (`image/*`) sent as
    /// `application/octet-stream`.
    static func binaryExpression(_ mediaType: String, example: JSONValue?) -> String {
        var type = MultipartBody.mediaType(mediaType)
        if type.contains("*") { type = "application/octet-stream" }
        var text = "hello"
        if case let .string(given)? = example, !given.isEmpty { text = given }
        return ".binary(contentType: \(SwiftName.literal(type)), sample: FilePart(content: Data(\(SwiftName.literal(text)).utf8)))"
    }

    /// Where a made-up body holds a member named as a credential is (`password`, `api_key`,
    /// `old_password`: `SecretFieldNames.isCredentialName`), as a JSONPath: `$.data.password`.
    static func credentialPath(in value: JSONValue, at path: String = "$", depth: Int = 0) -> String? {
        guard depth < 32 else { return nil }
        switch value {
        case let .object(members):
            for (key, member) in members {
                let place = path + "." + key
                if SecretFieldNames.isCredentialName(key), case .string = member { return place }
                if let found = credentialPath(in: member, at: place, depth: depth + 1) { return found }
            }
        case let .array(items):
            for item in items {
                if let found = credentialPath(in: item, at: path + "[*]", depth: depth + 1) { return found }
            }
        default: break
        }
        return nil
    }

    enum BodyKind: String {
        case json, form, multipart
    }

    /// The fields of an object schema that are files, or lists of files: its own properties and
    /// those its `allOf` parts bring, references followed.
    func fileFields(_ schema: JSONValue, depth: Int = 0) -> [(name: String, list: Bool, schema: JSONValue)] {
        guard depth < 16 else { return [] }
        var fields: [(name: String, list: Bool, schema: JSONValue)] = []
        for part in OpenAPISource.array(schema["allOf"]) {
            if let resolved = source.resolve(part) { fields += fileFields(resolved, depth: depth + 1) }
        }
        for (name, declared) in OpenAPISource.members(schema["properties"]) {
            let property = source.resolve(declared) ?? declared
            if SchemaMapper.isBinary(property) {
                fields.append((name, false, property))
            } else if let items = property["items"].map({ source.resolve($0) ?? $0 }), SchemaMapper.isBinary(items) {
                fields.append((name, true, items))
            }
        }
        return fields
    }

    /// A multipart sample's files as `FilePart` reads them: the example's text as the content
    /// (a few bytes when it has none), the media type the `encoding` gives the field, and a file
    /// name made of the field's.
    func fileSamples(_ value: JSONValue, schema: JSONValue, encoding: JSONValue?) -> JSONValue {
        guard case var .object(members) = value else { return value }
        for (name, list, property) in fileFields(schema) {
            let contentType =
                OpenAPISource.string(encoding?[name]?["contentType"])?.split(separator: ",").first.map {
                    $0.trimmingCharacters(in: .whitespaces)
                } ?? OpenAPISource.string(property["contentMediaType"]) ?? "application/octet-stream"
            func file(_ example: JSONValue?) -> JSONValue {
                var text = "hello"
                if case let .string(given)? = example, !given.isEmpty, given != "string" { text = given }
                return .object([
                    ("filename", .string(name + ".bin")), ("contentType", .string(contentType)),
                    ("base64", .string(Data(text.utf8).base64EncodedString())),
                ])
            }
            let index = members.firstIndex { $0.key == name }
            let given = index.map { members[$0].value }
            let sample: JSONValue
            if !list {
                sample = file(given)
            } else if case let .array(items)? = given, !items.isEmpty {
                sample = .array(items.map { file($0) })
            } else {
                sample = .array([file(nil)])
            }
            if let index { members[index].value = sample } else { members.append((name, sample)) }
        }
        return .object(members)
    }

    /// `.json(Type.self, sample: ...)`, `.form(...)` or `.multipart(...)`, the sample decoded from
    /// `value`'s JSON text.
    static func bodyExpression(type: String, value: JSONValue, kind: BodyKind) -> String {
        let json = value.compactText
        var hashes = "#"
        while json.contains("\"" + hashes) { hashes += "#" }
        let sample = "sample: try? JSONDecoder().decode(\(type).self, from: Data(\(hashes)\"\(json)\"\(hashes).utf8))"
        return ".\(kind.rawValue)(\(type).self, \(sample))"
    }
}
