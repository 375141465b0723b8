extension SchemaMapper {
    func typeNames(_ schema: JSONValue) -> [String] {
        if let single = OpenAPISource.string(schema["type"]) { return single == "null" ? [] : [single] }
        return OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.filter { $0 != "null" }
    }

    func isNullable(_ schema: JSONValue) -> Bool {
        if OpenAPISource.bool(schema["nullable"]) { return true }
        return OpenAPISource.array(schema["type"]).contains(.string("null"))
    }

    func isNullSchema(_ schema: JSONValue) -> Bool {
        OpenAPISource.string(schema["type"]) == "null" || (schema["enum"].map { $0 == .array([.null]) } ?? false)
    }

    func union(_ schema: JSONValue) -> [JSONValue]? {
        OpenAPISource.unionBranches(schema)?.branches
    }

    func isStructure(_ schema: JSONValue) -> Bool {
        if union(schema) != nil { return false }
        if schema["allOf"] != nil { return true }
        return !OpenAPISource.members(schema["properties"]).isEmpty
    }

    func stringEnum(_ schema: JSONValue) -> [String]? {
        let values = OpenAPISource.enumValues(schema)
        guard !values.isEmpty, typeNames(schema).allSatisfy({ $0 == "string" }) else { return nil }
        let strings = values.compactMap { OpenAPISource.string($0) }
        return strings.isEmpty ? nil : strings
    }

    func description(_ schema: JSONValue) -> String? {
        OpenAPISource.string(schema["description"]) ?? OpenAPISource.string(schema["title"])
    }

    /// The JSON names an object schema declares, its `allOf` members' included (references
    /// followed, a few levels deep): what a union's branch is told apart by when the value
    /// arrives. Nothing is noted: the branch's own type is mapped, and noted, elsewhere.
    func memberNames(of schema: JSONValue, depth: Int = 0) -> [String] {
        guard depth < 8, let resolved = source.resolve(schema) else { return [] }
        var names = OpenAPISource.array(resolved["allOf"]).flatMap { memberNames(of: $0, depth: depth + 1) }
        for (key, _) in OpenAPISource.members(resolved["properties"]) where !names.contains(key) { names.append(key) }
        return names
    }
}
