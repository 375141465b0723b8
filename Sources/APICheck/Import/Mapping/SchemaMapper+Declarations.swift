extension SchemaMapper {
    mutating func declareStructure(_ schema: JSONValue, name: String, location tokens: [String]) {
        var properties: [ImportedType.Property] = []
        var memberNames: Set<String> = []
        let (members, required) = mergedProperties(schema, at: tokens)
        for (jsonName, propertySchema, propertyTokens) in members {
            // A request leaves out what only answers carry; an answer may lack what only
            // requests carry (`SchemaMapper+RequestVariants`).
            if purpose == .request, isOneSided(propertySchema, for: .request) { continue }
            let answerOnly = purpose == .answer && isOneSided(propertySchema, for: .answer)
            let mapped = type(for: propertySchema, hint: name + SwiftName.type(jsonName), at: propertyTokens)
            let swiftName = SwiftName.unique(SwiftName.member(jsonName), in: &memberNames)
            properties.append(
                ImportedType.Property(
                    jsonName: jsonName, swiftName: swiftName, type: mapped.type,
                    optional: mapped.optional || !required.contains(jsonName) || answerOnly,
                    comment: description(source.resolve(propertySchema) ?? propertySchema)))
        }
        if let additional = schema["additionalProperties"], additional != .bool(false), !members.isEmpty {
            note(.notMapped, tokens, "additionalProperties beside properties: the extra members are not declared")
        }
        if schema["discriminator"] != nil {
            note(.notMapped, tokens, "the discriminator is not mapped: its property is an ordinary property")
        }
        declare(
            ImportedType(
                name: name, kind: .structure(properties), comment: description(schema),
                location: OpenAPISource.location(tokens)))
    }

    /// An enum with a case per branch, in the document's order. A case is named after the
    /// discriminator's mapping key that selects it, else the component it refers to, else its
    /// title or JSON type. With a discriminator, a branch is chosen by the value of that property
    /// (the mapping's keys, else the components' names); without one, the first branch that
    /// decodes is taken.
    mutating func declareUnion(
        _ schema: JSONValue, branches: [(schema: JSONValue, tokens: [String])], name: String,
        at tokens: [String]
    ) {
        let prefix = "#/components/schemas/"
        let declared = OpenAPISource.string(schema["discriminator"]?["propertyName"])
        let tags = declared == nil ? tagProperty(of: branches.map { source.resolve($0.schema) ?? $0.schema }) : nil
        let discriminator = declared ?? tags?.property
        let mapping = OpenAPISource.members(schema["discriminator"]?["mapping"]).compactMap { key, value in
            OpenAPISource.string(value).map { (key: key, target: $0) }
        }
        var caseNames: Set<String> = [], usedValues: Set<String> = []
        var result: [ImportedType.Branch] = []
        for (index, branch) in branches.enumerated() {
            let reference = OpenAPISource.string(branch.schema["$ref"])
            let component = reference.flatMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
            let resolved = source.resolve(branch.schema) ?? branch.schema
            let title = OpenAPISource.string(resolved["title"])
            let jsonType = typeNames(resolved).first ?? (isStructure(resolved) ? "object" : nil)
            var values: [String] = []
            if let tags {
                values = [tags.values[index]]
            } else if discriminator != nil, let component {
                // A mapping value is a reference or, as OpenAPI allows, a bare component name.
                values = mapping.filter { $0.target == reference || $0.target == component }.map(\.key)
                if values.isEmpty { values = [component] }
                values = values.filter { usedValues.insert($0).inserted }
            } else if let declared, let value = tagValue(of: resolved, property: declared) {
                // An inline branch has no component name for a value: it states its own, the
                // property's one allowed value (Pydantic's `type: {const: "predicate"}` under a
                // discriminator without a mapping, as the LiteLLM proxy's `/decisions` writes it).
                values = [value].filter { usedValues.insert($0).inserted }
            }
            if discriminator != nil, values.isEmpty {
                note(
                    .notMapped, branch.tokens,
                    "no discriminator value selects this branch (it is no component, or its value is another's): never decoded")
            }
            let hintName = name + SwiftName.type(title ?? component ?? jsonType.map { $0 + "Option" } ?? "Option\(index + 1)")
            let mapped = type(for: branch.schema, hint: hintName, at: branch.tokens)
            let base =
                (mapping.isEmpty ? nil : values.first) ?? component.flatMap { componentNames[$0] } ?? title ?? jsonType
                ?? "option\(index + 1)"
            // A discriminated branch never holds null: its discriminator property is there. A
            // nullable component as a branch is the component, so the export can name it.
            let optional = mapped.optional && discriminator == nil
            result.append(
                ImportedType.Branch(
                    caseName: SwiftName.unique(SwiftName.member(base), in: &caseNames),
                    type: optional ? mapped.type + "?" : mapped.type,
                    label: component ?? title ?? jsonType ?? "branch \(index + 1)", discriminatorValues: values,
                    members: discriminator == nil ? memberNames(of: branch.schema) : []))
        }
        declare(
            ImportedType(
                name: name, kind: .union(result, discriminator: discriminator), comment: description(schema),
                location: OpenAPISource.location(tokens)))
    }

    /// The property that tells a union's branches apart when the document names no discriminator:
    /// one every branch declares with a single allowed value (`const`, or an `enum` of one), the
    /// values all different, as tagged unions are written (Pydantic's `type: {const: "do-nothing"}`).
    /// Without it such branches, whose tag is an open enum, would all decode as the first.
    private func tagProperty(of branches: [JSONValue]) -> (property: String, values: [String])? {
        guard branches.count > 1, let first = branches.first else { return nil }
        for (name, _) in OpenAPISource.members(first["properties"]) {
            let found = branches.compactMap { tagValue(of: $0, property: name) }
            if found.count == branches.count, Set(found).count == found.count { return (name, found) }
        }
        return nil
    }

    /// The one string a branch allows for a property (`const`, or an `enum` of one); nil when it
    /// allows several, or none is stated.
    private func tagValue(of branch: JSONValue, property name: String) -> String? {
        guard let property = OpenAPISource.members(branch["properties"]).first(where: { $0.key == name })?.value,
            let resolved = source.resolve(property)
        else { return nil }
        let allowed = OpenAPISource.enumValues(resolved)
        return allowed.count == 1 ? OpenAPISource.string(allowed[0]) : nil
    }

    /// The properties of an object schema with those of every `allOf` member (references
    /// followed), in order, a later one of the same name replacing an earlier; and the required.
    private mutating func mergedProperties(_ schema: JSONValue, at tokens: [String])
        -> (members: [(String, JSONValue, [String])], required: Set<String>)
    {
        var members: [(String, JSONValue, [String])] = []
        var required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        for (index, part) in OpenAPISource.array(schema["allOf"]).enumerated() {
            let partTokens = tokens + ["allOf", String(index)]
            guard let resolved = source.resolve(part) else {
                note(.notMapped, partTokens, "an allOf member whose reference leads nowhere: its properties are not declared")
                continue
            }
            if let branches = union(resolved) {
                // JupyterHub's `RequestIdentity`: a User or a Service, with the request's own
                // members beside. A struct cannot be either: it holds every branch's members,
                // optional, so the answer of each branch decodes with all it carries.
                let keyword = resolved["oneOf"] != nil ? "oneOf" : "anyOf"
                var seen: [String: JSONValue] = [:]
                for (offset, branch) in branches.enumerated() where !isNullSchema(source.resolve(branch) ?? branch) {
                    let inner = mergedProperties(source.resolve(branch) ?? branch, at: partTokens + [keyword, String(offset)])
                    for (name, schema, place) in inner.members {
                        // Two branches that type a member differently: any JSON decodes either.
                        let given = seen[name].map { $0 == schema ? schema : JSONValue.object([]) } ?? schema
                        seen[name] = given
                        Self.merge((name, given, place), into: &members)
                    }
                }
                note(
                    .notMapped, partTokens,
                    "an allOf member that is a \(keyword): its branches' properties are declared, each optional (a struct cannot be one branch or another)"
                )
            }
            let inner = mergedProperties(resolved, at: partTokens)
            for member in inner.members { Self.merge(member, into: &members) }
            required.formUnion(inner.required)
        }
        for (key, value) in OpenAPISource.members(schema["properties"]) {
            Self.merge((key, value, tokens + ["properties", key]), into: &members)
        }
        return (members, required)
    }

    /// A later member's property replaces an earlier one of the same name, unless it only
    /// narrows it (`code: {enum: [200]}` beside `code: {type: integer}`, no type of its own): then
    /// it is laid over the earlier one, which keeps the type.
    static func merge(_ member: (String, JSONValue, [String]), into members: inout [(String, JSONValue, [String])]) {
        let earlier = members.first { $0.0 == member.0 }
        members.removeAll { $0.0 == member.0 }
        guard let earlier, case let .object(narrowing) = member.1, case let .object(base) = earlier.1,
            !narrowing.isEmpty,
            !narrowing.contains(where: {
                ["type", "$ref", "properties", "items", "allOf", "oneOf", "anyOf", "additionalProperties"].contains($0.key)
            })
        else {
            members.append(member)
            return
        }
        let laid = base.filter { key, _ in !narrowing.contains { $0.key == key } } + narrowing
        members.append((member.0, .object(laid), member.2))
    }

    /// A struct whose properties reach it again other than through an array or a map cannot be
    /// a struct (its size would be infinite): it becomes a final class.
    mutating func markRecursiveTypes() {
        var edges: [String: [String]] = [:]
        for type in types {
            guard case let .structure(properties) = type.kind else { continue }
            edges[type.name] = properties.map(\.type).filter { !$0.hasPrefix("[") }
        }
        func reaches(_ start: String, _ target: String, _ seen: inout Set<String>) -> Bool {
            for next in edges[start] ?? [] {
                if next == target { return true }
                if seen.insert(next).inserted, reaches(next, target, &seen) { return true }
            }
            return false
        }
        for index in types.indices {
            var seen: Set<String> = []
            if edges[types[index].name] != nil, reaches(types[index].name, types[index].name, &seen) { types[index].isClass = true }
        }
    }
}
