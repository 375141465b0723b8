extension JSONSchema {
    /// Schemas placed at key paths, merged into one object tree: `$.code` and `$.data.result`
    /// become `{properties: {code: …, data: {properties: {result: …}}}}`. `typed` adds
    /// `type: object` at every level (a schema of its own, rather than a constraint in an `allOf`);
    /// a key is required when any entry below it is. An index makes an array whose items hold
    /// what is below it: `$.errors[0].code` (the registry's error shape) is the code of each of
    /// `errors`' items, and a required one needs the array to reach that index.
    static func tree(_ entries: [(path: JSONPath, schema: JSONValue, required: Bool)], typed: Bool) -> JSONValue {
        let itemEntries = entries.filter { entry in
            switch entry.path.components.first {
            case .index?, .anyIndex?: true
            default: false
            }
        }
        if !itemEntries.isEmpty { return array(of: itemEntries, typed: typed) }
        var order: [String] = []
        var groups: [String: [(path: JSONPath, schema: JSONValue, required: Bool)]] = [:]
        var leaves: [String: JSONValue] = [:]
        for entry in entries {
            guard case let .key(key)? = entry.path.components.first else { continue }
            if groups[key] == nil, leaves[key] == nil { order.append(key) }
            if entry.path.components.count == 1 {
                leaves[key] = entry.schema
                groups[key, default: []].append((JSONPath(), entry.schema, entry.required))
            } else {
                groups[key, default: []].append((JSONPath(Array(entry.path.components.dropFirst())), entry.schema, entry.required))
            }
        }
        var properties: [(key: String, value: JSONValue)] = []
        var required: [String] = []
        for key in order {
            let below = groups[key] ?? []
            let nested = below.filter { !$0.path.components.isEmpty }
            properties.append((key, nested.isEmpty ? leaves[key] ?? any : tree(nested, typed: typed)))
            if below.contains(where: \.required) { required.append(key) }
        }
        var members: [(key: String, value: JSONValue)] = []
        if typed { members.append(("type", .string("object"))) }
        members.append(("properties", .object(properties)))
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        return .object(members)
    }

    /// The array of entries whose paths begin with an index: its items' schema is the tree of
    /// what follows, or the schema given for the item itself.
    private static func array(of entries: [(path: JSONPath, schema: JSONValue, required: Bool)], typed: Bool) -> JSONValue {
        let below = entries.map { (path: JSONPath(Array($0.path.components.dropFirst())), schema: $0.schema, required: $0.required) }
        let nested = below.filter { !$0.path.components.isEmpty }
        let items = nested.isEmpty ? below.last?.schema ?? any : tree(nested, typed: typed)
        var members: [(key: String, value: JSONValue)] = []
        if typed { members.append(("type", .string("array"))) }
        members.append(("items", items))
        let reached = entries.filter(\.required).compactMap { entry -> Int? in
            if case let .index(index)? = entry.path.components.first { return index + 1 }
            return nil
        }
        if let least = reached.max() { members.append(("minItems", number(least))) }
        return .object(members)
    }

    /// The schema of a code of the declared kinds: `integer`, `string`, `boolean`, or several.
    static func code(kinds: Set<String>) -> JSONValue {
        let names = kinds.sorted().map { kind in
            switch kind {
            case "Int": "integer"
            case "Bool": "boolean"
            default: "string"
            }
        }
        if names.count == 1 { return type(names[0]) }
        return .object([("type", .array(names.map(JSONValue.string)))])
    }
}

extension JSONSchema {
    /// The schema of a value of any of several shapes: `anyOf` them, or `{}` when they take every
    /// JSON value (an "any JSON" type). A kind counts only when a branch takes all of its values:
    /// an object branch with members of its own (a `$ref`), an array of strings or a `uuid`
    /// string keeps the union, which `import-openapi --check` then pairs branch by branch.
    /// `own` is the type's own component, which a recursive "any JSON" type's array and map
    /// branches hold.
    static func union(_ branches: [JSONValue], own: String? = nil) -> JSONValue {
        let kinds = Set(branches.compactMap { takesEvery($0, own: own) })
        if kinds.isSuperset(of: ["boolean", "number", "string", "array", "object"]) { return any }
        return .object([("anyOf", .array(branches))])
    }

    /// The kind of JSON value all of whose values the branch takes, if any.
    private static func takesEvery(_ branch: JSONValue, own: String?) -> String? {
        guard case let .object(members) = branch, case let .string(kind)? = branch["type"] else { return nil }
        let ownReference = own.map(ref)
        let anything: (JSONValue) -> Bool = { $0 == any || $0 == .bool(true) || $0 == ownReference }
        for (key, value) in members {
            switch (kind, key) {
            case (_, "type"), (_, "title"), (_, "description"): continue
            case ("number", "format") where value == .string("double") || value == .string("float"): continue
            case ("array", "items"), ("object", "additionalProperties"): if anything(value) { continue }
            default: break
            }
            return nil
        }
        return kind
    }
}
