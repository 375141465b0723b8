/// Schemas into Swift types: `components/schemas` one declaration each, and any schema met on the
/// way (a property, an answer, a request body) into a type expression, declaring the inline
/// object and enum schemas it holds under stable names (the parent's name and the property's).
///
/// Maps: `string`, `integer` (`int64` → `Int64`, otherwise `Int`), `number` → `Double`,
/// `boolean`, arrays, `$ref`, `additionalProperties` → `[String: T]`, string enums, `allOf`
/// merged into one struct, `nullable` (3.0) and `type: [T, "null"]` (3.1) as optional, a `oneOf`
/// or `anyOf` of one schema and null as that schema optional, one of several schemas (or a value
/// of several types) as an enum with a case per branch. What it does not map (`not`, a reference
/// that leads nowhere) becomes `JSONValue`, which decodes any JSON, and a note. In a multipart
/// body, a binary string (`format: binary`, or 3.1's `contentMediaType`) is a `FilePart`.
struct SchemaMapper {
    let source: OpenAPISource
    var types: [ImportedType] = []
    private(set) var notes: [ImportNote] = []
    /// Every type name in use, the API's enum's included.
    var taken: Set<String>
    /// `components/schemas` key → Swift type name, fixed before any is declared so references
    /// read the same name wherever they are met.
    private(set) var componentNames: [String: String] = [:]
    private var componentsDeclared = false
    /// Set while a `multipart/form-data` body's schema is mapped: a binary string there is a
    /// file part (`FilePart`), not text.
    var binaryIsFile = false
    /// The direction being mapped: `.request` while a request body's schema is, so that a
    /// component with one-sided members is its request variant there (`SchemaMapper+RequestVariants`).
    var purpose = ExampleMaker.Purpose.answer
    /// Component key → its request variant's name, or nil when its request is its own type.
    var requestVariants: [String: String?] = [:]
    /// The type each inline schema declared so far became, so an identical one is that type.
    private var sharedTypes: [InlineSchemaKey: String] = [:]
    /// The components an answer reaches; one only requests reach is declared as they send it.
    let componentsInAnswers: Set<String>
    private let componentsInRequestsOnly: Set<String>

    init(source: OpenAPISource, reserved: Set<String>) {
        self.source = source
        taken = reserved
        let use = Self.componentUse(in: source)
        componentsInAnswers = use.answers
        componentsInRequestsOnly = use.requests.subtracting(use.answers)
        for (key, _) in OpenAPISource.members(source.root["components"]?["schemas"]) {
            componentNames[key] = SwiftName.unique(SwiftName.type(key), in: &taken)
        }
    }

    /// Whether a declared type's text needs `import APICheck` (it holds `JSONValue` or `FilePart`).
    static func usesJSONValue(_ type: ImportedType) -> Bool {
        func core(_ text: String) -> Bool { text.contains("JSONValue") || text.contains("FilePart") }
        return switch type.kind {
        case let .structure(properties): properties.contains { core($0.type) }
        case let .alias(target): core(target)
        // Its values are stated to the export through the core's `OpenAPISchemaProviding`.
        case .stringEnum: true
        // Its decoding helpers are the core's.
        case .union: true
        }
    }

    /// A string whose value is a file's bytes: `format: binary`, or a `contentMediaType` with no
    /// `contentEncoding` (OpenAPI 3.1's way to say it).
    static func isBinary(_ schema: JSONValue) -> Bool {
        OpenAPISource.string(schema["format"]) == "binary"
            || schema["contentMediaType"] != nil && schema["contentEncoding"] == nil
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
                purpose = componentsInRequestsOnly.contains(key) ? .request : .answer
                declareStructure(resolved, name: name, location: tokens)
                purpose = .answer
            } else if let values = stringEnum(resolved) {
                declare(
                    ImportedType(
                        name: name, kind: .stringEnum(values), comment: description(resolved),
                        location: OpenAPISource.location(tokens)))
            } else {
                let target = type(for: schema, hint: name, at: tokens, isComponent: true)
                // A union declared under the component's own name needs no alias of itself.
                if target.type == name { continue }
                declare(
                    ImportedType(
                        name: name, kind: .alias(target.optional ? target.type + "?" : target.type),
                        comment: description(resolved), location: OpenAPISource.location(tokens)))
            }
        }
        markRecursiveTypes()
    }

    /// The Swift type of a schema met anywhere; `hint` names an inline object or enum it declares.
    /// An inline schema identical to one declared before (`InlineSchemaKey`) is that type: the
    /// first place's name serves every place.
    mutating func type(for schema: JSONValue, hint: String, at tokens: [String], isComponent: Bool = false)
        -> (type: String, optional: Bool)
    {
        guard !isComponent, let key = InlineSchemaKey(schema, purpose: purpose, binaryIsFile: binaryIsFile) else {
            return mappedType(for: schema, hint: hint, at: tokens, isComponent: isComponent)
        }
        if let shared = sharedTypes[key] {
            // Mapped again, its declarations dropped, for what it says of this place: a part not
            // mapped is noted wherever it is, and whether the place is optional is its own.
            var probe = self
            probe.types = []
            let mapped = probe.mappedType(for: schema, hint: hint, at: tokens)
            notes = probe.notes
            return (shared, mapped.optional)
        }
        let declared = types.count
        let mapped = mappedType(for: schema, hint: hint, at: tokens)
        if types[declared...].contains(where: { $0.name == mapped.type }) { sharedTypes[key] = mapped.type }
        return mapped
    }

    private mutating func mappedType(for schema: JSONValue, hint: String, at tokens: [String], isComponent: Bool = false)
        -> (type: String, optional: Bool)
    {
        if let reference = OpenAPISource.string(schema["$ref"]) {
            // 3.1 allows keywords beside a reference; the type is the reference's alone, so one
            // that adds shapes (`anyOf` of other answers) is said, not dropped in silence.
            let beside = ["anyOf", "oneOf", "allOf", "properties", "items", "type"].filter { schema[$0] != nil }
            if !beside.isEmpty {
                note(
                    .notMapped, tokens,
                    "\(beside.map { "'\($0)'" }.joined(separator: ", ")) beside '$ref' \(beside.count == 1 ? "is" : "are") not declared: "
                        + "the type is the reference's alone")
            }
            // A component that is a binary string is a file in a multipart body's fields.
            if binaryIsFile, let target = source.resolve(schema), Self.isBinary(target) { return ("FilePart", isNullable(target)) }
            let prefix = "#/components/schemas/"
            let key = String(reference.dropFirst(prefix.count))
            if reference.hasPrefix(prefix), let name = componentNames[key] {
                let variant = purpose == .request ? requestVariant(of: key) : nil
                return (variant ?? name, isNullable(source.resolve(schema) ?? schema))
            }
            guard let target = source.resolve(schema) else {
                // One to another document is left so only where that document could not be read,
                // which the reading noted.
                let why = reference.hasPrefix("#") ? "leads to nothing this document holds" : "is in a document that could not be read"
                note(.notMapped, tokens, "the reference '\(reference)' \(why): declared JSONValue")
                return ("JSONValue", false)
            }
            return type(for: target, hint: hint, at: tokens)
        }
        let nullable = isNullable(schema)
        if let branches = union(schema) {
            let keyword = OpenAPISource.unionBranches(schema)?.key ?? "oneOf"
            // A branch that is the union itself (`IRI: anyOf: [string, $ref IRI]`) adds no value
            // and would have the decode try itself for ever: left out, said.
            let own = isComponent ? OpenAPISource.location(tokens) : nil
            let selfBranches = branches.enumerated().filter { own != nil && OpenAPISource.string($0.element["$ref"]) == own }
            for branch in selfBranches {
                note(.notMapped, tokens + [keyword, String(branch.offset)], "a branch that is the schema itself adds no value: left out")
            }
            let nonNull = branches.enumerated()
                .filter { !isNullSchema($0.element) && !(own != nil && OpenAPISource.string($0.element["$ref"]) == own) }
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
            declare(
                ImportedType(
                    name: name, kind: .stringEnum(values), comment: description(schema),
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
            if binaryIsFile, Self.isBinary(schema) { return ("FilePart", nullable) }
            return ("String", nullable)
        case "integer"?:
            return (OpenAPISource.string(schema["format"]) == "int64" ? "Int64" : "Int", nullable)
        case "number"?:
            return ("Double", nullable)
        case "boolean"?:
            return ("Bool", nullable)
        case "array"?:
            if schema["prefixItems"] != nil {
                note(.notMapped, tokens + ["prefixItems"], "a tuple (prefixItems) is declared [JSONValue]: its places' types are not")
            }
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

    mutating func declare(_ type: ImportedType) {
        types.append(type)
    }

    private mutating func uniqueName(_ hint: String) -> String {
        SwiftName.unique(SwiftName.type(hint), in: &taken)
    }

    mutating func note(_ kind: ImportNote.Kind, _ tokens: [String], _ message: String) {
        notes.append(ImportNote(kind, at: OpenAPISource.location(tokens), message))
    }
}
