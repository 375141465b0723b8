/// Whether a value the document gives (an example, a default) decodes into the type the import
/// declares for its schema, told by walking the value against the schema as `SchemaMapper` reads
/// it: a JSON type per `type` (an integer a whole number), an object's required properties
/// present and not null unless nullable, its properties, items and dictionary values each fitting
/// theirs, every `allOf` part at once, some branch of a `oneOf`/`anyOf`. A value its `enum` does
/// not list still fits, as the declared enum is open (`.unknown`), and any object fits a
/// discriminated union, which decodes one it does not list as `.unknown` too. Where the walk is
/// unsure it lets the value pass: the value then goes where it would go without the check.
struct ExampleFit {
    let source: OpenAPISource
    /// Which direction the value goes: a required member only the other direction carries
    /// (`readOnly` in a request, `writeOnly` in an answer) may be absent, as its type says.
    var purpose = ExampleMaker.Purpose.answer

    /// Where the value first departs from the schema, and how; nil when it fits.
    func misfit(_ value: JSONValue, _ schema: JSONValue) -> (path: JSONPath, reason: String)? {
        misfit(value, schema, at: .root, depth: 0)
    }

    /// `$.result.viz_type: expected String, found Array`.
    func describe(_ value: JSONValue, _ schema: JSONValue) -> String? {
        misfit(value, schema).map { "\($0.path): \($0.reason)" }
    }

    private func misfit(_ value: JSONValue, _ schema: JSONValue, at path: JSONPath, depth: Int) -> (path: JSONPath, reason: String)? {
        guard depth < 32, let schema = source.resolve(schema) else { return nil }
        if value == .null { return nullable(schema) ? nil : (path, "expected a value, found null") }
        if let branches = union(schema) {
            let others = branches.filter { !isNullSchema(source.resolve($0) ?? $0) }
            if others.count == 1 { return misfit(value, others[0], at: path, depth: depth + 1) }
            if others.isEmpty { return nil }
            if schema["discriminator"] != nil, case .object = value { return nil }
            if others.contains(where: { misfit(value, $0, at: path, depth: depth + 1) == nil }) { return nil }
            return (path, "no branch of its \(schema["oneOf"] != nil ? "oneOf" : "anyOf") fits")
        }
        for part in OpenAPISource.array(schema["allOf"]) {
            if let found = misfit(value, part, at: path, depth: depth + 1) { return found }
        }
        let types = typeNames(schema)
        if types.count > 1 {
            for type in types where kindFits(value, type) { return nil }
            return (path, "expected \(types.joined(separator: " or ")), found \(value.kindName)")
        }
        let structure = !OpenAPISource.members(schema["properties"]).isEmpty || schema["allOf"] != nil
        let declared = types.first ?? (structure ? "object" : nil)
        let listed = OpenAPISource.enumValues(schema)
        // An enum without a type whose values are all strings is declared a string enum.
        let type = declared ?? (!listed.isEmpty && listed.allSatisfy { OpenAPISource.string($0) != nil } ? "string" : nil)
        guard let type else { return nil }
        guard kindFits(value, type) else { return (path, "expected \(Self.kindName(type)), found \(value.kindName)") }
        switch value {
        case let .array(items):
            guard let itemSchema = schema["items"] else { return nil }
            for (index, item) in items.enumerated() {
                if let found = misfit(item, itemSchema, at: path.appending(index: index), depth: depth + 1) { return found }
            }
            return nil
        case let .object(members):
            return objectMisfit(members, schema, at: path, depth: depth)
        default:
            return nil
        }
    }

    private func objectMisfit(
        _ members: [(key: String, value: JSONValue)], _ schema: JSONValue, at path: JSONPath, depth: Int
    ) -> (path: JSONPath, reason: String)? {
        let properties = OpenAPISource.members(schema["properties"])
        let required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        for (key, property) in properties {
            guard let member = members.first(where: { $0.key == key })?.value else {
                let oneSided = source.isOneSided(property, for: purpose)
                if required.contains(key), !oneSided { return (path.appending(key), "required, found absent") }
                continue
            }
            // An optional member is declared optional: null decodes into it whatever its schema.
            if member == .null, !required.contains(key) { continue }
            if let found = misfit(member, property, at: path.appending(key), depth: depth + 1) { return found }
        }
        if properties.isEmpty, let additional = schema["additionalProperties"], case .object = additional {
            for (key, member) in members {
                if let found = misfit(member, additional, at: path.appending(key), depth: depth + 1) { return found }
            }
        }
        return nil
    }

    private func kindFits(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("number", .number), ("array", .array), ("object", .object): return true
        case ("integer", .number): return OpenAPISource.int(value) != nil
        case ("string", _), ("boolean", _), ("number", _), ("array", _), ("object", _), ("integer", _): return false
        default: return true
        }
    }

    private static func kindName(_ type: String) -> String {
        ["string": "String", "boolean": "Bool", "number": "Double", "integer": "Int", "array": "Array", "object": "Object"][type]
            ?? type
    }

    func nullable(_ schema: JSONValue) -> Bool {
        if OpenAPISource.bool(schema["nullable"]) || OpenAPISource.array(schema["type"]).contains(.string("null")) { return true }
        if isNullSchema(schema) || OpenAPISource.enumValues(schema).contains(.null) { return true }
        if let branches = union(schema) { return branches.contains { isNullSchema(source.resolve($0) ?? $0) || nullable($0) } }
        let parts = OpenAPISource.array(schema["allOf"])
        if parts.count == 1, OpenAPISource.members(schema["properties"]).isEmpty {
            return source.resolve(parts[0]).map(nullable) ?? true
        }
        // A schema that says nothing of the value's type is JSONValue, which holds null.
        return schema["type"] == nil && schema["properties"] == nil && schema["allOf"] == nil && schema["enum"] == nil
            && schema["items"] == nil
    }

    private func typeNames(_ schema: JSONValue) -> [String] {
        if let single = OpenAPISource.string(schema["type"]) { return single == "null" ? [] : [single] }
        return OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.filter { $0 != "null" }
    }

    private func isNullSchema(_ schema: JSONValue) -> Bool {
        OpenAPISource.string(schema["type"]) == "null" || schema["enum"] == .array([.null])
    }

    private func union(_ schema: JSONValue) -> [JSONValue]? {
        OpenAPISource.unionBranches(schema)?.branches
    }
}
