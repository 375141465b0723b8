import Foundation

extension SchemaRecorder {
    /// A discriminated union's component: each branch recorded, then `oneOf` them. A branch that
    /// holds the union again meets it while it is being made, and refers to it.
    func oneOf(_ union: any OpenAPIOneOfProviding.Type, type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> JSONValue {
        let id = ObjectIdentifier(type)
        let name = componentName(type)
        if components[name] != nil || walking.contains(id) { return JSONSchema.ref(name) }
        walking.insert(id)
        defer { walking.remove(id) }
        var branches: [JSONValue] = []
        // A discriminated branch never holds null (its discriminator property is there): an
        // optional branch is its wrapped type, which the mapping can name.
        for branch in union.openAPIBranches { branches.append(try schema(for: Self.nonOptional(branch), path: path)) }
        var discriminator: [(key: String, value: JSONValue)] = [("propertyName", .string(union.openAPIDiscriminator))]
        if let mapping = mapping(union, type: type, branches: branches, path: path) { discriminator.append(("mapping", mapping)) }
        components[name] = .object([("oneOf", .array(branches)), ("discriminator", .object(discriminator))])
        return JSONSchema.ref(name)
    }

    /// The discriminator's values and the branch each selects, found by running the union's
    /// `init(from:)` with each candidate value and seeing which branch it decodes: the values the
    /// mocks hold for the property, those a branch's schema states (`const`, a one-value `enum`),
    /// and the branch type's name as documents spell it (`DoNothing`, `do-nothing`, `do_nothing`).
    /// A mapping that left a branch out would make readers take the branch's component name for
    /// its value: without every branch there is none, and `warnings` says which are missing.
    func mapping(
        _ union: any OpenAPIOneOfProviding.Type, type: any Decodable.Type, branches: [JSONValue],
        path: String
    ) -> JSONValue? {
        let key = union.openAPIDiscriminator
        let types = union.openAPIBranches.map { ObjectIdentifier($0) }
        var candidates = sampleStrings[key] ?? []
        for (index, branch) in union.openAPIBranches.enumerated() {
            candidates += Self.tagValues(of: branches[index], key: key, components: components)
            candidates += Self.spellings(of: ReadLog.typeName(Self.nonOptional(branch)))
        }
        var selected: [[String]] = Array(repeating: [], count: types.count)
        var tried: Set<String> = []
        // A value no branch takes reaches the union's fallback (`.unknown(JSONValue)`), whose walk
        // would leave a component nothing refers to.
        let before = state
        for candidate in candidates where tried.insert(candidate).inserted {
            let recording = SchemaRecording(choices: [key: candidate])
            guard let value = try? make(type, recording: recording, path: path),
                let payload = Mirror(reflecting: value).children.first?.value,
                let index = types.firstIndex(of: ObjectIdentifier(Swift.type(of: payload) as Any.Type))
            else { continue }
            selected[index].append(candidate)
        }
        state = before
        let missing = union.openAPIBranches.indices.filter { selected[$0].isEmpty || branches[$0]["$ref"] == nil }
        guard missing.isEmpty else {
            let names = missing.map { ReadLog.typeName(union.openAPIBranches[$0]) }
            warnings.append(
                "\(path) (\(ReadLog.typeName(type))): no value of `\(key)` in the mocks, the branches' schemas or names selects "
                    + "\(names.joined(separator: ", ")): its discriminator has no mapping")
            return nil
        }
        var entries: [(key: String, value: JSONValue)] = []
        for (index, values) in selected.enumerated() {
            for value in values { entries.append((value, branches[index]["$ref"]!)) }
        }
        return .object(entries)
    }

    static func nonOptional(_ branch: any Decodable.Type) -> any Decodable.Type {
        (branch as? any OptionalSchemaMarker.Type)?.wrappedType ?? branch
    }

    /// The values a branch's schema allows for the discriminator: its `const` or its one-value `enum`
    /// (null aside).
    private static func tagValues(of branch: JSONValue, key: String, components: [String: JSONValue]) -> [String] {
        var schema = branch
        if case let .string(reference)? = branch["$ref"], let name = reference.split(separator: "/").last {
            schema = components[String(name)] ?? branch
        }
        guard var property = schema["properties"]?[key] else { return [] }
        if case let .string(reference)? = property["$ref"], let name = reference.split(separator: "/").last {
            property = components[String(name)] ?? property
        }
        if case let .string(value)? = property["const"] { return [value] }
        // An optional tag lists null beside its value (`enum: ["accept_details", null]`).
        if case let .array(listed)? = property["enum"] {
            let values = listed.filter { $0 != .null }
            if values.count == 1, case let .string(value) = values[0] { return [value] }
        }
        return []
    }

    /// A type's name as documents write tags: `DoNothing`, `doNothing`, `donothing`, `do-nothing`,
    /// `do_nothing`, `DO_NOTHING`.
    static func spellings(of typeName: String) -> [String] {
        let name = String(typeName.split(separator: ".").last ?? Substring(typeName))
        var words: [String] = [], word = ""
        for character in name {
            if character == "_" || character == "-" {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isUppercase, let last = word.last, last.isLowercase || last.isNumber {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        let lower = words.map { $0.lowercased() }
        guard let head = lower.first else { return [name] }
        let camel = head + lower.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var found: [String] = []
        for spelling in [
            name, camel, lower.joined(), lower.joined(separator: "-"), lower.joined(separator: "_"),
            lower.joined(separator: "_").uppercased(),
        ] where !found.contains(spelling) {
            found.append(spelling)
        }
        return found
    }
}
