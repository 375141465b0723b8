/// Compares the schema of a value in two versions of a document, as the generated Swift types see
/// it: the type each maps to, optional or not, the members of a struct, the values of a string
/// enum, the branches of a `oneOf`. Whether a difference is breaking depends on which way the
/// value travels: an answer is decoded by the client (it must still decode), a request is sent by
/// it (the server must still take what it sends).
///
/// A component both versions refer to (`#/components/schemas/Pet`) is compared once per
/// direction and its differences are listed under it, not under every operation that uses it.
struct SchemaComparison {
    enum Direction: Sendable {
        case request, response

        var words: String { self == .request ? "in requests" : "in answers" }
    }

    let old: OpenAPISource
    let new: OpenAPISource
    private(set) var changes: [OpenAPIChange] = []
    /// Component pairs compared (or being compared: recursion stops there), per direction.
    private var compared: Set<String> = []

    init(old: OpenAPISource, new: OpenAPISource) {
        self.old = old
        self.new = new
    }

    private struct Place {
        var subject: String
        var part: String
        var path: String
        var direction: Direction

        func at(_ step: String) -> Place {
            var copy = self
            copy.path += step
            return copy
        }
    }

    private static let componentPrefix = "#/components/schemas/"

    /// `root` is where the value sits: `$` for a body, nothing for a parameter.
    mutating func compare(_ before: JSONValue, _ after: JSONValue, direction: Direction, subject: String, part: String, root: String = "$")
    {
        compare(before, after, at: Place(subject: subject, part: part, path: root, direction: direction))
    }

    private mutating func compare(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let (oldInner, oldNullable) = Self.unwrapped(before, in: old)
        let (newInner, newNullable) = Self.unwrapped(after, in: new)
        if oldNullable != newNullable {
            if newNullable {
                add(
                    .madeNullable, breaking: place.direction == .response, at: place,
                    place.direction == .response ? "may now be null: the generated type does not take null" : "may now be null")
            } else {
                add(
                    .madeNonNullable, breaking: place.direction == .request, at: place,
                    place.direction == .request ? "may no longer be null: the client may send null" : "is no longer null")
            }
        }
        if let oldReference = OpenAPISource.string(oldInner["$ref"]), let newReference = OpenAPISource.string(newInner["$ref"]),
            oldReference.hasPrefix(Self.componentPrefix), newReference.hasPrefix(Self.componentPrefix)
        {
            let key = "\(place.direction) \(oldReference) \(newReference)"
            guard compared.insert(key).inserted else { return }
            let oldName = String(oldReference.dropFirst(Self.componentPrefix.count))
            let newName = String(newReference.dropFirst(Self.componentPrefix.count))
            guard let oldTarget = old.resolve(oldInner), let newTarget = new.resolve(newInner) else { return }
            let subject = oldName == newName ? "schema \(newName)" : "schema \(oldName) (now \(newName))"
            compare(oldTarget, newTarget, at: Place(subject: subject, part: place.direction.words, path: "$", direction: place.direction))
            return
        }
        guard let oldSchema = old.resolve(oldInner), let newSchema = new.resolve(newInner) else { return }
        let oldKind = Self.kind(oldSchema, in: old)
        let newKind = Self.kind(newSchema, in: new)
        guard oldKind == newKind else {
            // `JSONValue` decodes any answer.
            let breaking = !(place.direction == .response && oldKind == "any")
            add(.typeChanged, breaking: breaking, at: place, "\(oldKind) became \(newKind)")
            return
        }
        switch oldKind {
        case "object":
            compareMembers(oldSchema, newSchema, at: place)
        case "array":
            compare(oldSchema["items"] ?? .object([]), newSchema["items"] ?? .object([]), at: place.at("[*]"))
        case "map":
            compare(oldSchema["additionalProperties"] ?? .object([]), newSchema["additionalProperties"] ?? .object([]), at: place.at(".*"))
        case "union":
            compareBranches(oldSchema, newSchema, at: place)
        default:
            compareEnums(oldSchema, newSchema, at: place)
        }
    }

    private mutating func compareMembers(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let (oldMembers, oldRequired) = Self.properties(before, in: old)
        let (newMembers, newRequired) = Self.properties(after, in: new)
        let response = place.direction == .response
        for (name, schema) in oldMembers {
            let field = place.at(Self.step(name))
            guard let counterpart = newMembers.first(where: { $0.key == name })?.value else {
                let required = oldRequired.contains(name)
                add(
                    .fieldRemoved, breaking: response && required, at: field,
                    response
                        ? (required
                            ? "removed: the generated type requires it, so the answer no longer decodes" : "removed: it was optional")
                        : "removed: the server no longer reads it")
                continue
            }
            switch (oldRequired.contains(name), newRequired.contains(name)) {
            case (true, false):
                add(
                    .madeOptional, breaking: response, at: field,
                    response ? "made optional: the generated type requires it, so an answer without it does not decode" : "made optional")
            case (false, true):
                add(
                    .madeRequired, breaking: !response, at: field,
                    response ? "made required" : "made required: the client may leave it out")
            default:
                break
            }
            compare(schema, counterpart, at: field)
        }
        for (name, _) in newMembers where !oldMembers.contains(where: { $0.key == name }) {
            let required = newRequired.contains(name)
            add(
                .fieldAdded, breaking: !response && required, at: place.at(Self.step(name)),
                response
                    ? "added: the client reads past it" : (required ? "added, required: the client does not send it" : "added, optional"))
        }
    }

    private mutating func compareEnums(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let oldValues = OpenAPISource.enumValues(before)
        let newValues = OpenAPISource.enumValues(after)
        guard !oldValues.isEmpty || !newValues.isEmpty else { return }
        let response = place.direction == .response
        if oldValues.isEmpty || newValues.isEmpty {
            // A closed set opened, or an open value closed.
            let closed = !newValues.isEmpty
            add(
                closed ? .enumValueRemoved : .enumValueAdded, breaking: closed && !response, at: place,
                closed ? "now limited to \(Self.shown(newValues))" : "no longer limited to \(Self.shown(oldValues))")
            return
        }
        let stringEnum = oldValues.allSatisfy { if case .string = $0 { true } else { false } }
        for value in newValues where !oldValues.contains(value) {
            add(
                .enumValueAdded, breaking: false, at: place,
                "value \(Self.shown([value])) added"
                    + (response && stringEnum ? ": the generated enum decodes it as .unknown" : ""))
        }
        for value in oldValues where !newValues.contains(value) {
            add(
                .enumValueRemoved, breaking: !response, at: place,
                "value \(Self.shown([value])) removed"
                    + (response ? "" : ": the client may send it"))
        }
    }

    private mutating func compareBranches(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let oldBranches = Self.branches(before, in: old)
        let newBranches = Self.branches(after, in: new)
        let response = place.direction == .response
        // A discriminated union decodes a branch it does not know as `.unknown`.
        let open = before["discriminator"] != nil
        for (label, schema) in oldBranches {
            guard let counterpart = newBranches.first(where: { $0.label == label })?.schema else {
                add(
                    .branchRemoved, breaking: !response, at: place,
                    "branch \(label) removed" + (response ? "" : ": the client may send it"))
                continue
            }
            compare(schema, counterpart, at: place)
        }
        for (label, _) in newBranches where !oldBranches.contains(where: { $0.label == label }) {
            let breaking = response && !open
            add(
                .branchAdded, breaking: breaking, at: place,
                "branch \(label) added"
                    + (response ? (open ? ": the generated enum decodes it as .unknown" : ": the generated enum cannot decode it") : ""))
        }
    }

    private mutating func add(_ kind: OpenAPIChange.Kind, breaking: Bool, at place: Place, _ message: String) {
        changes.append(OpenAPIChange(kind, breaking: breaking, subject: place.subject, part: place.part, path: place.path, message))
    }

    // MARK: - Reading a schema as the generator does

    /// The schema without what only makes it optional: `nullable`, a `null` type or branch, an
    /// `allOf` of one schema; references are kept, so a component stays recognisable.
    static func unwrapped(_ schema: JSONValue, in source: OpenAPISource) -> (JSONValue, Bool) {
        var current = schema
        var nullable = false
        for _ in 0..<8 {
            let resolved = source.resolve(current) ?? current
            if isNullable(resolved) || isNullable(current) { nullable = true }
            if let branches = unionBranches(current) {
                let nonNull = branches.filter { !isNullSchema($0) }
                if nonNull.count < branches.count { nullable = true }
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
    static func kind(_ schema: JSONValue, in source: OpenAPISource) -> String {
        if let branches = unionBranches(schema), branches.filter({ !isNullSchema($0) }).count > 1 { return "union" }
        if !OpenAPISource.members(schema["properties"]).isEmpty || !OpenAPISource.array(schema["allOf"]).isEmpty { return "object" }
        let types = typeNames(schema)
        if types.count > 1 { return "union" }
        switch types.first {
        case "integer"?: return OpenAPISource.string(schema["format"]) == "int64" ? "integer (int64)" : "integer"
        case "object"?, nil:
            if case .object? = schema["additionalProperties"] { return "map" }
            return types.isEmpty ? "any" : "object"
        case let other?: return other
        }
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

    /// A union's branches other than `null`, each labelled by its component, else its JSON type.
    static func branches(_ schema: JSONValue, in source: OpenAPISource) -> [(label: String, schema: JSONValue)] {
        if let branches = unionBranches(schema) {
            return branches.filter { !isNullSchema($0) }.enumerated().map { index, branch in
                if let reference = OpenAPISource.string(branch["$ref"]) {
                    return (String(reference.split(separator: "/").last ?? Substring(reference)), branch)
                }
                let resolved = source.resolve(branch) ?? branch
                return (OpenAPISource.string(resolved["title"]) ?? kind(resolved, in: source), branch)
            }
        }
        return typeNames(schema).map { single in
            guard case let .object(members) = schema else { return (single, .object([("type", .string(single))])) }
            return (single, .object(members.filter { $0.key != "type" } + [("type", .string(single))]))
        }
    }

    private static func unionBranches(_ schema: JSONValue) -> [JSONValue]? {
        for keyword in ["oneOf", "anyOf"] {
            if case let .array(branches)? = schema[keyword] { return branches }
        }
        return nil
    }

    private static func typeNames(_ schema: JSONValue) -> [String] {
        if let single = OpenAPISource.string(schema["type"]) { return single == "null" ? [] : [single] }
        return OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.filter { $0 != "null" }
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
