extension SwaggerConversion {
    /// An answer: its `schema` as `content` under each media type produced (JSON when none is),
    /// its `examples` (keyed by media type) as those media types' examples, its headers' types
    /// as their schemas.
    mutating func response(_ response: JSONValue, produces: [String], at tokens: [String], converted: [String]) -> JSONValue {
        origins[Self.pointer(converted)] = Self.pointer(tokens)
        if let reference = OpenAPISource.string(response["$ref"]) {
            // What lies below a shared answer is the shared answer's, where its notes point.
            references[Self.pointer(converted)] = Self.rewritten(reference)
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
        // No schema is no body in Swagger 2.0, but an operation that produces only media types
        // that are not JSON (an image, a page) answers one all the same: its content is those
        // types, so that the answer reads as one that is not JSON rather than as an empty one.
        let producesOnlyOthers = !produces.isEmpty && !produces.contains { $0.lowercased().contains("json") }
        if response["schema"] != nil || !examples.isEmpty || producesOnlyOthers {
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
                // Swagger has no content: an answer's media type is its schema, where there is one.
                origins[Self.pointer(converted + ["content", type])] = Self.pointer(
                    response["schema"] == nil ? tokens : tokens + ["schema"])
                origins[Self.pointer(converted + ["content", type, "schema"])] = Self.pointer(tokens + ["schema"])
            }
            members.append(("content", .object(content)))
            origins[Self.pointer(converted + ["content"])] = Self.pointer(tokens)
        }
        for (key, value) in OpenAPISource.members(response) where key.hasPrefix("x-") { members.append((key, value)) }
        return .object(members)
    }
}
