/// Reading a schema as the generator reads it: what it declares, its members and branches.
extension SchemaComparison {
    /// The schema without what only makes it optional: `nullable`, a `null` type or branch, an
    /// `allOf` of one schema; references are kept, so a component stays recognisable.
    static func unwrapped(_ schema: JSONValue, in source: OpenAPISource) -> (JSONValue, Bool) {
        var current = schema
        var nullable = false
        for _ in 0..<8 {
            let resolved = source.resolve(current) ?? current
            if isNullable(resolved) || isNullable(current) { nullable = true }
            if let branches = unionBranches(current) {
                if branches.contains(where: isNullSchema) { nullable = true }
                let nonNull = distinct(branches.filter { !isNullSchema($0) }, in: source)
                if nonNull.count == 1 { current = nonNull[0]; continue }
            }
            let parts = OpenAPISource.array(current["allOf"])
            if parts.count == 1, OpenAPISource.members(current["properties"]).isEmpty {
                current = parts[0]
                continue
            }
            break
        }
        return (current, nullable)
    }

    /// What the generated Swift declares for the schema, in words: `object`, `map`, `array`,
    /// `union`, `string`, `integer`, `integer (int64)`, `number`, `boolean`, `any`.
    static func kind(_ schema: JSONValue, in source: OpenAPISource, depth: Int = 0) -> String {
        let nonNull = unionBranches(schema)?.filter { !isNullSchema($0) } ?? []
        let branches = distinct(nonNull, in: source)
        // A union of one schema written twice is that schema.
        if nonNull.count > 1, branches.count == 1, depth < 8 {
            return kind(source.resolve(branches[0]) ?? branches[0], in: source, depth: depth + 1)
        }
        if branches.count > 1 {
            // Branches that are all one scalar and list no values (Django's email: an address, or
            // an empty string of `maxLength: 0`) decode and send the same values as that scalar,
            // which `apicheck openapi` writes for the package's union of them.
            guard depth < 8 else { return "union" }
            let kinds = Set(
                branches.map { branch -> String in
                    let resolved = source.resolve(branch) ?? branch
                    return OpenAPISource.enumValues(resolved).isEmpty ? kind(resolved, in: source, depth: depth + 1) : "union"
                })
            if kinds.count == 1, let only = kinds.first, scalars.contains(only) { return only }
            // Branches that are all objects of any members (a free-form object, and Pydantic's
            // `BaseModel` without fields: LiteLLM's `user_info`) are one `[String: JSONValue]`
            // in Swift, which `apicheck openapi` writes as one map.
            if branches.allSatisfy({ isOpenMap(source.resolve($0) ?? $0, in: source, depth: depth + 1) }) { return "map" }
            return takesAnyValue(branches, in: source, depth: depth) ? "any" : "union"
        }
        if !OpenAPISource.members(schema["properties"]).isEmpty || !OpenAPISource.array(schema["allOf"]).isEmpty { return "object" }
        let types = typeNames(schema)
        if types.count > 1 { return "union" }
        switch types.first {
        case "integer"?: return OpenAPISource.string(schema["format"]) == "int64" ? "integer (int64)" : "integer"
        case "object"?, nil:
            if case .object? = schema["additionalProperties"] { return "map" }
            // An object that names no member is declared `[String: JSONValue]`, as a map of
            // any value is (`additionalProperties: true` and `{}` are one Swift type).
            return types.isEmpty ? "any" : "map"
        case let other?: return other
        }
    }

    static let scalars: Set<String> = ["string", "integer", "integer (int64)", "number", "boolean"]

    /// A union's branches less those that repeat an earlier one but for its title and description,
    /// a reference followed: Pydantic writes Prefect's trigger `match` as the
    /// `ResourceSpecification` component (a map) or the same map inline, which the package
    /// declares as one map, and its export writes as that map.
    static func distinct(_ branches: [JSONValue], in source: OpenAPISource) -> [JSONValue] {
        var kept: [(branch: JSONValue, bare: JSONValue)] = []
        for branch in branches {
            let bare = bareSchema(branch, in: source)
            if !kept.contains(where: { $0.bare == bare }) { kept.append((branch, bare)) }
        }
        return kept.map(\.branch)
    }

    /// Whether a schema is an object of any members, each of any value: `{"type": "object"}`,
    /// `additionalProperties: true`, an empty `properties`; the generator's `[String: JSONValue]`.
    private static func isOpenMap(_ schema: JSONValue, in source: OpenAPISource, depth: Int) -> Bool {
        guard OpenAPISource.enumValues(schema).isEmpty, schema["additionalProperties"] != .bool(false),
            kind(schema, in: source, depth: depth) == "map"
        else { return false }
        return kind(unwrapped(schema["additionalProperties"] ?? .object([]), in: source).0, in: source, depth: depth + 1) == "any"
    }

    /// Whether a union's branches take every JSON value but null: a string, a number (an integer
    /// alone takes no fraction), a boolean,
    /// a list and an object, each listing no values and holding anything (Pydantic's `JsonValue`,
    /// ZenML's metadata values). It decodes and sends what `{}` does, which `apicheck openapi`
    /// writes for the package's union of them.
    private static func takesAnyValue(_ branches: [JSONValue], in source: OpenAPISource, depth: Int) -> Bool {
        var kinds: Set<String> = []
        for branch in branches {
            // A reference that leads nowhere is no branch the import declares, not any value.
            guard let resolved = source.resolve(branch), OpenAPISource.enumValues(resolved).isEmpty else { continue }
            switch kind(resolved, in: source, depth: depth + 1) {
            case "string": kinds.insert("string")
            case "number": kinds.insert("number")
            case "boolean": kinds.insert("boolean")
            case "array" where kind(unwrapped(resolved["items"] ?? .object([]), in: source).0, in: source, depth: depth + 1) == "any":
                kinds.insert("array")
            case "map"
            where resolved["additionalProperties"] != .bool(false)
                && kind(unwrapped(resolved["additionalProperties"] ?? .object([]), in: source).0, in: source, depth: depth + 1) == "any":
                kinds.insert("object")
            case "any": return true
            default: continue
            }
        }
        return kinds.isSuperset(of: ["string", "number", "boolean", "array", "object"])
    }

    /// The members of a struct, `allOf` merged (references followed) as the generator merges
    /// them, and which are required.
    static func properties(_ schema: JSONValue, in source: OpenAPISource, depth: Int = 0)
        -> (members: [(key: String, value: JSONValue)], required: Set<String>)
    {
        var members: [(String, JSONValue, [String])] = []
        var required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        if depth < 16 {
            for part in OpenAPISource.array(schema["allOf"]) {
                guard let resolved = source.resolve(part) else { continue }
                let merged = properties(resolved, in: source, depth: depth + 1)
                for member in merged.members { SchemaMapper.merge((member.key, member.value, []), into: &members) }
                required.formUnion(merged.required)
            }
        }
        for (key, value) in OpenAPISource.members(schema["properties"]) { SchemaMapper.merge((key, value, []), into: &members) }
        return (members.map { (key: $0.0, value: $0.1) }, required)
    }

    /// The components a schema includes through `allOf` by reference.
    static func includedComponents(_ schema: JSONValue) -> [String] {
        OpenAPISource.array(schema["allOf"]).compactMap { OpenAPISource.string($0["$ref"]) }.filter { $0.hasPrefix(componentPrefix) }
    }

    /// The members of a composed struct that an included component decides: the struct has them
    /// as the component declares them, required as the component requires them.
    static func decided(
        by reference: String, members: [(key: String, value: JSONValue)], required: Set<String>, in source: OpenAPISource
    ) -> Set<String> {
        guard let component = source.pointer(reference) else { return [] }
        let (own, ownRequired) = properties(component, in: source)
        return Set(
            own.filter { member in
                members.contains { $0.key == member.key && $0.value == member.value }
                    && required.contains(member.key) == ownRequired.contains(member.key)
            }.map(\.key))
    }

    /// A union's branches other than `null`, each labelled by its component, else its title, else
    /// its JSON type (an array's with its items' label: `array of Spec`).
    static func branches(_ schema: JSONValue, in source: OpenAPISource) -> [(label: String, schema: JSONValue)] {
        if let branches = unionBranches(schema) {
            return branches.filter { !isNullSchema($0) }.map { (label($0, in: source), $0) }
        }
        return typeNames(schema).map { single in
            guard case let .object(members) = schema else { return (single, .object([("type", .string(single))])) }
            return (single, .object(members.filter { $0.key != "type" } + [("type", .string(single))]))
        }
    }

    private static func label(_ branch: JSONValue, in source: OpenAPISource, depth: Int = 0) -> String {
        if let reference = OpenAPISource.string(branch["$ref"]) {
            return String(reference.split(separator: "/").last ?? Substring(reference))
        }
        let resolved = source.resolve(branch) ?? branch
        if let title = OpenAPISource.string(resolved["title"]) { return title }
        let kind = kind(resolved, in: source)
        // Branches that are all arrays (FastAPI's `Union[List[A], List[B]]`) differ by their items;
        // an integer's branch is one whatever its format (`numberChange`).
        guard kind == "array", depth < 8, let items = resolved["items"] else { return kind == "integer (int64)" ? "integer" : kind }
        return "array of " + label(unwrapped(items, in: source).0, in: source, depth: depth + 1)
    }

    private static func unionBranches(_ schema: JSONValue) -> [JSONValue]? {
        for keyword in ["oneOf", "anyOf"] {
            if case let .array(branches)? = schema[keyword] { return branches }
        }
        return nil
    }

    private static func typeNames(_ schema: JSONValue) -> [String] {
        if let single = OpenAPISource.string(schema["type"]) { return single == "null" ? [] : [single] }
        let listed = OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.filter { $0 != "null" }
        // An enum without a type whose values are all strings (drf-spectacular writes its choice
        // enums so) is a string to the generator: its Swift enum decodes and sends only strings.
        let values = OpenAPISource.enumValues(schema).filter { $0 != .null }
        if listed.isEmpty, schema["type"] == nil, !values.isEmpty, values.allSatisfy({ if case .string = $0 { true } else { false } }) {
            return ["string"]
        }
        return listed
    }

    private static func isNullable(_ schema: JSONValue) -> Bool {
        OpenAPISource.bool(schema["nullable"]) || OpenAPISource.array(schema["type"]).contains(.string("null"))
    }

    private static func isNullSchema(_ schema: JSONValue) -> Bool {
        OpenAPISource.string(schema["type"]) == "null" || (schema["enum"].map { $0 == .array([.null]) } ?? false)
    }

    /// `.name`, or `['x-name']` for a key that is not a plain name.
    static func step(_ name: String) -> String {
        let plain = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !(name.first?.isNumber ?? true)
        return plain ? ".\(name)" : "['\(name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'"))']"
    }

    static func shown(_ values: [JSONValue]) -> String {
        values.map(\.compactText).joined(separator: ", ")
    }
}
