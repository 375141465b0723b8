/// A plausible JSON value made from a schema, for a success answer the document gives no example
/// of: the schema's own `example`, `default` or first `enum` value where it has one, else a value
/// of its type (a string's format respected) that the imported types decode. Every property is
/// filled down to a depth, required ones further, so recursive schemas end.
struct ExampleMaker {
    let source: OpenAPISource

    func value(for schema: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < 12, let schema = source.resolve(schema) else { return .null }
        if let example = schema["example"] { return example }
        if let example = OpenAPISource.array(schema["examples"]).first { return example }
        if let value = schema["default"] { return value }
        if let first = OpenAPISource.array(schema["enum"]).first(where: { $0 != .null }) { return first }
        if let branches = union(schema) {
            guard let branch = branches.first(where: { OpenAPISource.string($0["type"]) != "null" }) else { return .null }
            var made = value(for: branch, depth: depth + 1)
            // The discriminator says which branch it is, so the made value decodes as that branch
            // rather than as an unknown kind.
            if let property = OpenAPISource.string(schema["discriminator"]?["propertyName"]),
               let selected = discriminatorValue(of: branch, in: schema), case .object = made {
                made.set(.string(selected), at: JSONPath([.key(property)]))
            }
            return made
        }
        if schema["allOf"] != nil || !OpenAPISource.members(schema["properties"]).isEmpty {
            return object(schema, depth: depth)
        }
        let type = OpenAPISource.string(schema["type"])
            ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.first { $0 != "null" }
        switch type {
        case "string"?: return .string(string(format: OpenAPISource.string(schema["format"])))
        case "integer"?: return .number("1")
        case "number"?: return .number("1.5")
        case "boolean"?: return .bool(true)
        case "array"?:
            guard depth < 6, let items = schema["items"] else { return .array([]) }
            return .array([value(for: items, depth: depth + 1)])
        case "object"?:
            if let additional = schema["additionalProperties"], case .object = additional, depth < 6 {
                return .object([("key", value(for: additional, depth: depth + 1))])
            }
            return .object([])
        default:
            return .null
        }
    }

    /// Every property of the object and of its `allOf` members; past depth 4 the required only.
    private func object(_ schema: JSONValue, depth: Int) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        func add(_ schema: JSONValue) {
            guard let schema = source.resolve(schema) else { return }
            for part in OpenAPISource.array(schema["allOf"]) { add(part) }
            let required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
            for (key, property) in OpenAPISource.members(schema["properties"]) where depth < 4 || required.contains(key) {
                members.removeAll { $0.key == key }
                members.append((key, value(for: property, depth: depth + 1)))
            }
        }
        add(schema)
        return .object(members)
    }

    private func string(format: String?) -> String {
        switch format {
        case "date-time"?: "2026-01-01T12:00:00Z"
        case "date"?: "2026-01-01"
        case "uuid"?: "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "email"?: "ann@example.com"
        case "uri"?, "url"?: "https://example.com/"
        case "byte"?: "aGVsbG8="
        default: "string"
        }
    }

    /// The value of a `oneOf`'s discriminator that selects a referenced branch: its first mapping
    /// key, else its component's name.
    private func discriminatorValue(of branch: JSONValue, in schema: JSONValue) -> String? {
        let prefix = "#/components/schemas/"
        guard let reference = OpenAPISource.string(branch["$ref"]), reference.hasPrefix(prefix) else { return nil }
        let component = String(reference.dropFirst(prefix.count))
        let mapping = OpenAPISource.members(schema["discriminator"]?["mapping"])
        let key = mapping.first { OpenAPISource.string($0.value) == reference || OpenAPISource.string($0.value) == component }?.key
        return key ?? component
    }

    private func union(_ schema: JSONValue) -> [JSONValue]? {
        for key in ["oneOf", "anyOf"] {
            if case let .array(branches)? = schema[key] { return branches }
        }
        return nil
    }
}
