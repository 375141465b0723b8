/// Where an operation's answer holds a token object's credential under a name that is no secret
/// field (`SecretFieldNames`): Nautobot's and NetBox's `Token` schema answers its `key`, the
/// working API key of every token the account has, while `key` elsewhere is a custom field's or a
/// relationship's name. A `key`, `token` or `secret` string of a schema named as a credential
/// (`Token`, `ApiKey`, `PersonalAccessToken`, `Credential`) is a secret at the JSONPaths it sits
/// at in the answer, which the endpoint declares `redacting(_:)`; the same name in other schemas
/// stays data. So is a string member of the answer of an operation whose path names the token it
/// issues (Superset's `GET /api/v1/security/csrf_token/` answers its CSRF token as `result`).
struct TokenObjectSecrets {
    let source: OpenAPISource

    /// The members of a token object that hold its credential.
    static let memberNames: Set<String> = ["key", "token", "secret"]

    /// Beyond this many nested schemas the walk stops: a bound on hostile documents.
    static let maximumDepth = 24

    /// Whether a component schema of this name is a credential object.
    static func isTokenObject(_ name: String) -> Bool {
        let last = SwiftName.words(name).last?.lowercased()
        return SecretFieldNames.isCredentialName(name) || last == "credential" || last == "credentials"
    }

    /// The JSONPaths of token objects' credentials in an answer of this schema (`$.results[*].key`),
    /// those already secret by name left out.
    /// `issuedBy`: the path of the read that answers it, whose issued token is redacted too
    /// (`issuedTokenPaths`).
    func paths(in schema: JSONValue, issuedBy path: String? = nil) -> [String] {
        var found: [String] = []
        walk(schema, path: [], references: [], into: &found)
        let issued = path.map { issuedTokenPaths(path: $0, schema: schema) } ?? []
        return found + issued.filter { !found.contains($0) }
    }

    /// The JSONPaths of the string members of an answer that issues the token its path names
    /// (`/security/csrf_token/`, `/guest_token`: a last segment named as a credential, or ending
    /// in `token`), those already secret by name left out: the issued token goes by a generic
    /// name (`result`) that is data elsewhere.
    func issuedTokenPaths(path: String, schema: JSONValue) -> [String] {
        guard let segment = path.split(separator: "/").last.map(String.init), !segment.hasPrefix("{"),
            SecretFieldNames.isCredentialName(segment) || SwiftName.words(segment).last?.lowercased() == "token",
            let resolved = source.resolve(schema)
        else { return [] }
        if OpenAPISource.string(resolved["type"]) == "string" { return ["$"] }
        return source.properties(of: resolved).compactMap { name, member in
            guard !SecretFieldNames.isCredentialName(name), OpenAPISource.string(source.resolve(member)?["type"]) == "string" else {
                return nil
            }
            return JSONPath([.key(name)]).description
        }
    }

    /// One note per read whose answer's issued token is redacted by place.
    func issuedTokenNotes() -> [ImportNote] {
        OpenAPISource.members(source.root["paths"]).compactMap { path, item in
            guard let responses = source.resolve(item)?["get"]?["responses"],
                let (status, answer) = OpenAPISource.members(responses).first(where: { $0.key.hasPrefix("2") }),
                let content = source.resolve(answer)?["content"],
                let schema = OpenAPISource.members(content).first(where: { $0.key.lowercased().contains("json") })?.value["schema"]
            else { return nil }
            let issued = issuedTokenPaths(path: path, schema: schema)
            guard !issued.isEmpty else { return nil }
            return ImportNote(
                .secret, at: OpenAPISource.location(["paths", path, "get", "responses", status]),
                "GET \(path) answers the token its path names (\(issued.joined(separator: ", "))): declared redacting(...) there, "
                    + "so record writes a stand-in for it")
        }
    }

    /// One note per token object whose credential the answers redact by place, and per map of passwords.
    func notes() -> [ImportNote] {
        issuedTokenNotes() + passwordMapNotes()
            + OpenAPISource.members(source.root["components"]?["schemas"]).filter { Self.isTokenObject($0.key) }.flatMap { name, schema in
                credentials(of: schema).map { member in
                    ImportNote(
                        .secret, at: "#/components/schemas/\(name)/properties/\(member)",
                        "\(SwiftName.literal(member)) of \(name) holds a credential (a token object's): the endpoints whose answers "
                            + "hold \(name) are declared redacting(...) its place, so record writes stand-ins for it; "
                            + "\(SwiftName.literal(member)) elsewhere is no secret field")
                }
            }
    }

    /// A `format: password` string, alone or as the one branch of a union beside `null`: a map of
    /// them (ZenML's secret `values`, Pydantic's `SecretStr`) holds a credential under every key,
    /// which names no secret field.
    func isPassword(_ schema: JSONValue) -> Bool {
        guard let resolved = source.resolve(schema) else { return false }
        if OpenAPISource.string(resolved["format"]) == "password" { return true }
        for key in ["oneOf", "anyOf"] {
            let branches = OpenAPISource.array(resolved[key]).filter {
                source.resolve($0).flatMap { OpenAPISource.string($0["type"]) } != "null"
            }
            if branches.count == 1, let only = branches.first { return isPassword(only) }
        }
        return false
    }

    /// One note per schema whose map holds `format: password` values, redacted by place.
    func passwordMapNotes() -> [ImportNote] {
        OpenAPISource.members(source.root["components"]?["schemas"]).flatMap { name, schema in
            source.properties(of: source.resolve(schema) ?? schema).compactMap { member, value -> ImportNote? in
                guard let resolved = source.resolve(value) else { return nil }
                let maps = [resolved] + ["oneOf", "anyOf"].flatMap { OpenAPISource.array(resolved[$0]).compactMap(source.resolve) }
                guard maps.contains(where: { map in map["additionalProperties"].map(isPassword) ?? false }) else { return nil }
                return ImportNote(
                    .secret, at: "#/components/schemas/\(name)/properties/\(member)",
                    "every value of \(SwiftName.literal(member)) in \(name) is a password (format: password): wherever an answer "
                        + "holds \(name), its endpoint is declared redacting(...) that place, so record writes stand-ins for them")
            }
        }
    }

    /// A token object's string members that hold its credential and no secret field's name covers.
    private func credentials(of schema: JSONValue) -> [String] {
        source.properties(of: schema).compactMap { member in
            guard Self.memberNames.contains(member.key.lowercased()), !SecretFieldNames.isCredentialName(member.key) else { return nil }
            let type = source.resolve(member.value).flatMap { OpenAPISource.string($0["type"]) }
            return type == nil || type == "string" ? member.key : nil
        }
    }

    private func walk(_ schema: JSONValue, path: [JSONPath.Component], references: Set<String>, into found: inout [String]) {
        guard path.count < Self.maximumDepth else { return }
        var references = references
        if let reference = OpenAPISource.string(schema["$ref"]) {
            // A schema that holds itself (a tree) is walked once per branch.
            guard references.insert(reference).inserted else { return }
            let prefix = "#/components/schemas/"
            if reference.hasPrefix(prefix), Self.isTokenObject(String(reference.dropFirst(prefix.count))) {
                for member in credentials(of: schema) {
                    let text = JSONPath(path + [.key(member)]).description
                    if !found.contains(text) { found.append(text) }
                }
            }
        }
        guard let resolved = source.resolve(schema) else { return }
        for (name, member) in source.properties(of: resolved) {
            walk(member, path: path + [.key(name)], references: references, into: &found)
        }
        if let items = resolved["items"] { walk(items, path: path + [.anyIndex], references: references, into: &found) }
        if case .object = resolved["additionalProperties"], let values = resolved["additionalProperties"] {
            if isPassword(values) {
                let text = JSONPath(path + [.anyKey]).description
                if !found.contains(text) { found.append(text) }
            } else {
                walk(values, path: path + [.anyKey], references: references, into: &found)
            }
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            for option in OpenAPISource.array(resolved[key]) { walk(option, path: path, references: references, into: &found) }
        }
    }
}
