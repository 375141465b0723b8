extension EndpointWriter {
    /// `.json(NewPet.self, sample: ...)` for a JSON body, `.form(...)` for an
    /// `application/x-www-form-urlencoded` one (lists repeated, as OpenAPI's default `form` style
    /// with `explode` sends them), the sample decoded from the document's example (else one made
    /// from the schema) at first use; nil (and a note) otherwise: the core has no multipart or XML
    /// body.
    mutating func requestBody(
        _ operation: JSONValue, method: String, at tokens: [String], hint: String,
        operation endpoint: (id: String, path: String), types: inout SchemaMapper
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
        let form = OpenAPISource.members(body["content"]).first { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }
        guard let content = body["content"], let (mediaType, media) = jsonMedia(content) ?? form.map({ ($0.key, $0.value) }) else {
            let kinds = OpenAPISource.members(body["content"]).map(\.key)
            if kinds.contains(where: { $0.lowercased().hasPrefix("multipart/form-data") }) {
                // The core's bodies are JSON and URL-encoded forms: a file upload is listed by
                // operation, so a reader sees which endpoints live calls without their body.
                note(
                    .notMapped, bodyTokens,
                    "unsupported: \(endpoint.id) (\(method.uppercased()) \(endpoint.path)) takes a multipart/form-data body, "
                        + "which the package cannot send: declared without it, so live calls it with no body")
            } else {
                note(
                    .notMapped, bodyTokens,
                    "a request body that is neither JSON nor a form (\(kinds.joined(separator: ", "))) is not declared")
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
    static func bodyExpression(type: String, value: JSONValue, isForm: Bool) -> String {
        let json = value.compactText
        var hashes = "#"
        while json.contains("\"" + hashes) { hashes += "#" }
        let sample = "sample: try? JSONDecoder().decode(\(type).self, from: Data(\(hashes)\"\(json)\"\(hashes).utf8))"
        return isForm ? ".form(\(type).self, \(sample))" : ".json(\(type).self, \(sample))"
    }
}
