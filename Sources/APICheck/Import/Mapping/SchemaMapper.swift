/// Schemas into Swift types: `components/schemas` one declaration each, and any schema met on the
/// way (a property, an answer, a request body) into a type expression, declaring the inline
/// object and enum schemas it holds under stable names (the parent's name and the property's).
///
/// Maps: `string`, `integer` (`int64` → `Int64`, otherwise `Int`), `number` → `Double`,
/// `boolean`, arrays, `$ref`, `additionalProperties` → `[String: T]`, string enums, `allOf`
/// merged into one struct, `nullable` (3.0) and `type: [T, "null"]` (3.1) as optional, a `oneOf`
/// or `anyOf` of one schema and null as that schema optional, one of several schemas (or a value
/// of several types) as an enum with a case per branch. What it does not map (`not`, a reference
/// that leads nowhere) becomes `JSONValue`, which decodes any JSON, and a note.
struct SchemaMapper {
    let source: OpenAPISource
    private(set) var types: [ImportedType] = []
    private(set) var notes: [ImportNote] = []
    /// Every type name in use, the API's enum's included.
    private var taken: Set<String>
    /// `components/schemas` key → Swift type name, fixed before any is declared so references
    /// read the same name wherever they are met.
    private(set) var componentNames: [String: String] = [:]
    private var componentsDeclared = false

    init(source: OpenAPISource, reserved: Set<String>) {
        self.source = source
        taken = reserved
        for (key, _) in OpenAPISource.members(source.root["components"]?["schemas"]) {
            componentNames[key] = SwiftName.unique(SwiftName.type(key), in: &taken)
        }
    }

    /// Whether a declared type's text needs `import APICheck` (it holds `JSONValue`).
    static func usesJSONValue(_ type: ImportedType) -> Bool {
        switch type.kind {
        case let .structure(properties): properties.contains { $0.type.contains("JSONValue") }
        case let .alias(target): target.contains("JSONValue")
        case .stringEnum: false
        // Its decoding helpers are the core's.
        case .union: true
        }
    }

    /// One declaration per `components/schemas` entry, in the document's order.
    mutating func declareComponents() {
        guard !componentsDeclared else { return }
        componentsDeclared = true
        for (key, schema) in OpenAPISource.members(source.root["components"]?["schemas"]) {
            let name = componentNames[key]!
            let tokens = ["components", "schemas", key]
            let resolved = source.resolve(schema) ?? schema
            if isStructure(resolved) {
                declareStructure(resolved, name: name, location: tokens)
            } else if let values = stringEnum(resolved) {
                declare(ImportedType(name: name, kind: .stringEnum(values), comment: description(resolved),
                                     location: OpenAPISource.location(tokens)))
            } else {
                let target = type(for: schema, hint: name, at: tokens, isComponent: true)
                // A union declared under the component's own name needs no alias of itself.
                if target.type == name { continue }
                declare(ImportedType(name: name, kind: .alias(target.optional ? target.type + "?" : target.type),
                                     comment: description(resolved), location: OpenAPISource.location(tokens)))
            }
        }
        markRecursiveTypes()
    }

    /// The Swift type of a schema met anywhere; `hint` names an inline object or enum it declares.
    mutating func type(for schema: JSONValue, hint: String, at tokens: [String], isComponent: Bool = false)
        -> (type: String, optional: Bool) {
        if let reference = OpenAPISource.string(schema["$ref"]) {
            let prefix = "#/components/schemas/"
            if reference.hasPrefix(prefix), let name = componentNames[String(reference.dropFirst(prefix.count))] {
                return (name, isNullable(source.resolve(schema) ?? schema))
            }
            guard let target = source.resolve(schema) else {
                note(.notMapped, tokens, "the reference '\(reference)' leads to nothing this document holds: declared JSONValue")
                return ("JSONValue", false)
            }
            return type(for: target, hint: hint, at: tokens)
        }
        let nullable = isNullable(schema)
        if let branches = union(schema) {
            let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
            let nonNull = branches.enumerated().filter { !isNullSchema($0.element) }
                .map { (schema: $0.element, tokens: tokens + [keyword, String($0.offset)]) }
            let optional = nullable || nonNull.count < branches.count
            if nonNull.count == 1 {
                let inner = type(for: nonNull[0].schema, hint: hint, at: tokens)
                return (inner.type, inner.optional || optional)
            }
            if nonNull.isEmpty {
                note(.notMapped, tokens, "\(keyword) without a branch other than null: declared JSONValue (any JSON)")
                return ("JSONValue", true)
            }
            if !OpenAPISource.members(schema["properties"]).isEmpty {
                note(.notMapped, tokens + ["properties"], "properties beside \(keyword) are not declared: only its branches are")
            }
            let name = isComponent ? hint : uniqueName(hint)
            declareUnion(schema, branches: nonNull, name: name, at: tokens)
            return (name, optional)
        }
        if schema["not"] != nil { note(.notMapped, tokens, "'not' is not mapped: the schema's other parts are") }
        let parts = OpenAPISource.array(schema["allOf"])
        if parts.count == 1, OpenAPISource.members(schema["properties"]).isEmpty, !isComponent {
            // `allOf: [$ref]` alone, to give a reference a description, is the reference.
            let inner = type(for: parts[0], hint: hint, at: tokens + ["allOf", "0"])
            return (inner.type, inner.optional || nullable)
        }
        if isStructure(schema) {
            let name = isComponent ? hint : uniqueName(hint)
            declareStructure(schema, name: name, location: tokens)
            return (name, nullable)
        }
        if let values = stringEnum(schema) {
            let name = isComponent ? hint : uniqueName(hint)
            declare(ImportedType(name: name, kind: .stringEnum(values), comment: description(schema),
                                 location: OpenAPISource.location(tokens)))
            return (name, nullable)
        }
        let types = typeNames(schema)
        if types.count > 1 {
            // `type: [string, integer]`: a branch per type, each the schema with that one type.
            let branches = types.enumerated().map { index, single -> (schema: JSONValue, tokens: [String]) in
                guard case let .object(members) = schema else { return (.object([("type", .string(single))]), tokens) }
                return (.object(members.filter { $0.key != "type" } + [("type", .string(single))]), tokens + ["type", String(index)])
            }
            let name = isComponent ? hint : uniqueName(hint)
            declareUnion(.object([]), branches: branches, name: name, at: tokens)
            return (name, nullable)
        }
        switch types.first {
        case "string"?:
            return ("String", nullable)
        case "integer"?:
            return (OpenAPISource.string(schema["format"]) == "int64" ? "Int64" : "Int", nullable)
        case "number"?:
            return ("Double", nullable)
        case "boolean"?:
            return ("Bool", nullable)
        case "array"?:
            guard let items = schema["items"] else { return ("[JSONValue]", nullable) }
            let element = type(for: items, hint: hint + "Item", at: tokens + ["items"])
            return ("[\(element.type)\(element.optional ? "?" : "")]", nullable)
        case "object"?, nil:
            if let additional = schema["additionalProperties"], case .object = additional {
                let value = type(for: additional, hint: hint + "Value", at: tokens + ["additionalProperties"])
                return ("[String: \(value.type)\(value.optional ? "?" : "")]", nullable)
            }
            if types.first == "object" { return ("[String: JSONValue]", nullable) }
            return ("JSONValue", nullable)
        case let other?:
            note(.notMapped, tokens, "type '\(other)' is not a JSON Schema type: declared JSONValue")
            return ("JSONValue", nullable)
        }
    }

    // MARK: - Declarations

    private mutating func declareStructure(_ schema: JSONValue, name: String, location tokens: [String]) {
        var properties: [ImportedType.Property] = []
        var memberNames: Set<String> = []
        let (members, required) = mergedProperties(schema, at: tokens)
        for (jsonName, propertySchema, propertyTokens) in members {
            let mapped = type(for: propertySchema, hint: name + SwiftName.type(jsonName), at: propertyTokens)
            let swiftName = SwiftName.unique(SwiftName.member(jsonName), in: &memberNames)
            properties.append(ImportedType.Property(
                jsonName: jsonName, swiftName: swiftName, type: mapped.type,
                optional: mapped.optional || !required.contains(jsonName),
                comment: description(source.resolve(propertySchema) ?? propertySchema)))
        }
        if let additional = schema["additionalProperties"], additional != .bool(false), !members.isEmpty {
            note(.notMapped, tokens, "additionalProperties beside properties: the extra members are not declared")
        }
        if schema["discriminator"] != nil {
            note(.notMapped, tokens, "the discriminator is not mapped: its property is an ordinary property")
        }
        declare(ImportedType(name: name, kind: .structure(properties), comment: description(schema),
                             location: OpenAPISource.location(tokens)))
    }

    /// An enum with a case per branch, in the document's order. A case is named after the
    /// discriminator's mapping key that selects it, else the component it refers to, else its
    /// title or JSON type. With a discriminator, a branch is chosen by the value of that property
    /// (the mapping's keys, else the components' names); without one, the first branch that
    /// decodes is taken.
    private mutating func declareUnion(_ schema: JSONValue, branches: [(schema: JSONValue, tokens: [String])], name: String,
                                       at tokens: [String]) {
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
            }
            if discriminator != nil, values.isEmpty {
                note(.notMapped, branch.tokens, "no discriminator value selects this branch (it is no component, or its value is another's): never decoded")
            }
            let hintName = name + SwiftName.type(title ?? component ?? jsonType.map { $0 + "Option" } ?? "Option\(index + 1)")
            let mapped = type(for: branch.schema, hint: hintName, at: branch.tokens)
            let base = (mapping.isEmpty ? nil : values.first) ?? component.flatMap { componentNames[$0] } ?? title ?? jsonType
                ?? "option\(index + 1)"
            result.append(ImportedType.Branch(
                caseName: SwiftName.unique(SwiftName.member(base), in: &caseNames),
                type: mapped.optional ? mapped.type + "?" : mapped.type,
                label: component ?? title ?? jsonType ?? "branch \(index + 1)", discriminatorValues: values))
        }
        declare(ImportedType(name: name, kind: .union(result, discriminator: discriminator), comment: description(schema),
                             location: OpenAPISource.location(tokens)))
    }

    /// The property that tells a union's branches apart when the document names no discriminator:
    /// one every branch declares with a single allowed value (`const`, or an `enum` of one), the
    /// values all different, as tagged unions are written (Pydantic's `type: {const: "do-nothing"}`).
    /// Without it such branches, whose tag is an open enum, would all decode as the first.
    private func tagProperty(of branches: [JSONValue]) -> (property: String, values: [String])? {
        guard branches.count > 1, let first = branches.first else { return nil }
        for (name, _) in OpenAPISource.members(first["properties"]) {
            let values = branches.map { branch -> String? in
                guard let property = OpenAPISource.members(branch["properties"]).first(where: { $0.key == name })?.value,
                      let resolved = source.resolve(property) else { return nil }
                let allowed = OpenAPISource.enumValues(resolved)
                return allowed.count == 1 ? OpenAPISource.string(allowed[0]) : nil
            }
            let found = values.compactMap { $0 }
            if found.count == branches.count, Set(found).count == found.count { return (name, found) }
        }
        return nil
    }

    /// The properties of an object schema with those of every `allOf` member (references
    /// followed), in order, a later one of the same name replacing an earlier; and the required.
    private mutating func mergedProperties(_ schema: JSONValue, at tokens: [String])
        -> (members: [(String, JSONValue, [String])], required: Set<String>) {
        var members: [(String, JSONValue, [String])] = []
        var required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        for (index, part) in OpenAPISource.array(schema["allOf"]).enumerated() {
            let partTokens = tokens + ["allOf", String(index)]
            guard let resolved = source.resolve(part) else {
                note(.notMapped, partTokens, "an allOf member whose reference leads nowhere: its properties are not declared")
                continue
            }
            if union(resolved) != nil {
                note(.notMapped, partTokens, "an allOf member that is a oneOf/anyOf: its properties are not declared")
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
              !narrowing.contains(where: { ["type", "$ref", "properties", "items", "allOf", "oneOf", "anyOf", "additionalProperties"].contains($0.key) })
        else {
            members.append(member)
            return
        }
        let laid = base.filter { key, _ in !narrowing.contains { $0.key == key } } + narrowing
        members.append((member.0, .object(laid), member.2))
    }

    private mutating func declare(_ type: ImportedType) {
        types.append(type)
    }

    private mutating func uniqueName(_ hint: String) -> String {
        SwiftName.unique(SwiftName.type(hint), in: &taken)
    }

    private mutating func note(_ kind: ImportNote.Kind, _ tokens: [String], _ message: String) {
        notes.append(ImportNote(kind, at: OpenAPISource.location(tokens), message))
    }

    /// A struct whose properties reach it again other than through an array or a map cannot be
    /// a struct (its size would be infinite): it becomes a final class.
    private mutating func markRecursiveTypes() {
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

    // MARK: - Reading schemas

    private func typeNames(_ schema: JSONValue) -> [String] {
        if let single = OpenAPISource.string(schema["type"]) { return single == "null" ? [] : [single] }
        return OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.filter { $0 != "null" }
    }

    private func isNullable(_ schema: JSONValue) -> Bool {
        if OpenAPISource.bool(schema["nullable"]) { return true }
        return OpenAPISource.array(schema["type"]).contains(.string("null"))
    }

    private func isNullSchema(_ schema: JSONValue) -> Bool {
        OpenAPISource.string(schema["type"]) == "null" || (schema["enum"].map { $0 == .array([.null]) } ?? false)
    }

    private func union(_ schema: JSONValue) -> [JSONValue]? {
        for key in ["oneOf", "anyOf"] {
            if case let .array(branches)? = schema[key] { return branches }
        }
        return nil
    }

    private func isStructure(_ schema: JSONValue) -> Bool {
        if union(schema) != nil { return false }
        if schema["allOf"] != nil { return true }
        return !OpenAPISource.members(schema["properties"]).isEmpty
    }

    private func stringEnum(_ schema: JSONValue) -> [String]? {
        let values = OpenAPISource.enumValues(schema)
        guard !values.isEmpty, typeNames(schema).allSatisfy({ $0 == "string" }) else { return nil }
        let strings = values.compactMap { OpenAPISource.string($0) }
        return strings.isEmpty ? nil : strings
    }

    private func description(_ schema: JSONValue) -> String? {
        OpenAPISource.string(schema["description"]) ?? OpenAPISource.string(schema["title"])
    }
}
