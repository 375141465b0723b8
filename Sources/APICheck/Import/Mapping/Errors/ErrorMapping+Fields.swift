/// What an error answer's schema or example says of its members, as `ErrorMapping` decides the
/// API's error shape from them.
extension ErrorMapping {
    /// Whether an answer has a code field and a message field of the kinds the shape reads there
    /// (a type the schema leaves unsaid may be any).
    static func has(_ pair: (code: String, message: String), _ fields: [String: String?]) -> Bool {
        guard let code = fields[pair.code], let message = fields[pair.message] else { return false }
        return (code.map { $0 != "object" && $0 != "array" } ?? true) && (message.map { $0 == "string" } ?? true)
    }

    /// Whether an answer's content says nothing of its members: no schema, or one of any object
    /// (`{}`, `{"type": "object"}`, a map of `additionalProperties`).
    func saysNothing(_ answer: ImportedErrorAnswer) -> Bool {
        guard let schema = answer.schema.flatMap({ source.resolve($0) }) else { return true }
        let structure = ["properties", "allOf", "anyOf", "oneOf", "not", "enum", "const", "items", "prefixItems"]
        guard !structure.contains(where: { schema[$0] != nil }) else { return false }
        let types =
            OpenAPISource.string(schema["type"]).map { [$0] } ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }
        return types.allSatisfy { $0 == "object" || $0 == "null" }
    }

    /// JSONPath → JSON type (nil when the schema does not say) of the answer's top-level fields,
    /// those of a top-level `error` object and those of the first item of a top-level `errors`
    /// array (the registry's `{"errors": [{"code", "message"}]}`): from its schema, else from its
    /// first example.
    func fields(of answer: ImportedErrorAnswer) -> [String: String?] {
        var result: [String: String?] = [:]
        if let schema = answer.schema, !saysNothing(answer) {
            for (name, property) in source.properties(of: schema) {
                let resolved = source.resolve(property) ?? property
                result["$." + name] = jsonType(resolved)
                let inside = name == "error" ? resolved : name == "errors" ? resolved["items"].flatMap { source.resolve($0) } : nil
                guard let inside else { continue }
                for (inner, innerProperty) in source.properties(of: inside) {
                    result["$.\(name == "error" ? "error" : "errors[0]").\(inner)"] = jsonType(
                        source.resolve(innerProperty) ?? innerProperty)
                }
            }
        } else if case let .object(members)? = answer.examples.first?.value {
            for member in members {
                result["$." + member.key] = member.value.kindName.lowercased()
                var inside: [(key: String, value: JSONValue)] = []
                if member.key == "error", case let .object(inner) = member.value { inside = inner }
                if member.key == "errors", case let .array(items) = member.value, case let .object(inner)? = items.first { inside = inner }
                for field in inside {
                    result["$.\(member.key == "error" ? "error" : "errors[0]").\(field.key)"] = field.value.kindName.lowercased()
                }
            }
        }
        return result
    }

    func jsonType(_ schema: JSONValue) -> String? {
        if let single = OpenAPISource.string(schema["type"]) { return single }
        if !OpenAPISource.members(schema["properties"]).isEmpty { return "object" }
        return OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.first { $0 != "null" }
    }
}
