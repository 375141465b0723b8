import Foundation

/// Turns decode types into JSON Schemas by decoding them: a recording decoder hands each type's
/// `init(from:)` made-up values and notes every call it makes (`decode` is a required property,
/// `decodeIfPresent` an optional one that may be null, nested types, arrays, dictionaries). Named
/// types that decode as objects become components, named after the Swift type, and are referenced
/// with `$ref`; every component is walked once.
///
/// Raw-value enums come out as `enum` when they are `CaseIterable` (any raw type); an `Int`-backed
/// enum that is not is probed with the raw values 0..<1024. Other types the walk cannot follow can
/// state their own schema through `OpenAPISchemaProviding`.
public final class SchemaRecorder {
    public let dates: DateDecoding
    /// The components made so far, by name.
    public private(set) var components: [String: JSONValue] = [:]
    /// String values the mocks hold, by property name: a type whose `init(from:)` refuses the
    /// made-up values is tried with each of them, one branch of a discriminated payload per value.
    public var sampleStrings: [String: [String]] = [:]
    /// What the schemas leave out, for the command to say: a payload chosen by a string field
    /// walked only for the values the mocks hold, a discriminator without a mapping.
    public private(set) var warnings: [String] = []
    private var names: [ObjectIdentifier: String] = [:]
    /// Each type's enum cases (`cases(of:)`), nil for a type that is no enum: asked at every read.
    private var caseCache: [ObjectIdentifier: [(value: Any, raw: JSONValue)]?] = [:]
    private var takenNames: Set<String>
    private var walking: Set<ObjectIdentifier> = []
    /// Types referenced from inside their own walk: they need a component whatever their shape.
    private var recursive: Set<ObjectIdentifier> = []
    private var depth = 0
    static let maxDepth = 64

    /// `reservedNames`: component names the caller uses for its own schemas (the envelope).
    public init(dates: DateDecoding = .deferredToDate, reservedNames: Set<String> = []) {
        self.dates = dates
        takenNames = reservedNames
    }

    /// The schema of a type: a `$ref` for a component, else inline.
    public func schema(for type: any Decodable.Type) throws(SchemaRecordingError) -> JSONValue {
        try schema(for: type, path: ReadLog.typeName(type))
    }

    func schema(for type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> JSONValue {
        if let provider = type as? any OpenAPISchemaProviding.Type { return provider.openAPISchema }
        if let union = type as? any OpenAPIOneOfProviding.Type { return try oneOf(union, type: type, path: path) }
        if let primitive = primitiveSchema(type) { return primitive }
        if let optional = type as? any OptionalSchemaMarker.Type {
            return JSONSchema.nullable(try schema(for: optional.wrappedType, path: path))
        }
        if let sequence = type as? any SequenceSchemaMarker.Type {
            return JSONSchema.array(of: try schema(for: sequence.elementType, path: path + "[]"), unique: sequence.uniqueItems)
        }
        if let dictionary = type as? any DictionarySchemaMarker.Type {
            return .object([("type", .string("object")),
                            ("additionalProperties", try schema(for: dictionary.valueType, path: path + "[:]"))])
        }
        if let cases = try enumCases(type, path: path) {
            let name = componentName(type)
            if components[name] == nil {
                var members: [(key: String, value: JSONValue)] = []
                if let kind = cases.first.flatMap(Self.jsonType) { members.append(("type", .string(kind))) }
                members.append(("enum", .array(cases)))
                components[name] = .object(members)
            }
            return JSONSchema.ref(name)
        }
        return try walk(type, path: path)
    }

    /// Decodes the type with the recording decoder and keeps what its `init(from:)` asked for.
    private func walk(_ type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> JSONValue {
        let id = ObjectIdentifier(type)
        // Met again while being walked (a recursive type, through an optional or an array): its
        // component is being made, so a reference is all it takes.
        if components[componentName(type)] != nil { return JSONSchema.ref(componentName(type)) }
        if walking.contains(id) {
            recursive.insert(id)
            return JSONSchema.ref(componentName(type))
        }
        walking.insert(id)
        defer { walking.remove(id) }
        if type is any OpenAPIDiscriminatorProviding.Type {
            // Its declared values, whether or not a made-up one would pass.
            let branches = try discriminated(type, refused: SchemaRecording(), path: path)
            let name = componentName(type)
            components[name] = branches.count == 1 ? branches[0] : .object([("oneOf", .array(branches))])
            return JSONSchema.ref(name)
        }
        let recording = SchemaRecording()
        let before = state
        do {
            _ = try make(type, recording: recording, path: path)
        } catch {
            // Its own refusal (not a nested type's): a discriminated payload, if a declaration or
            // the mocks say how.
            guard error.type == ReadLog.typeName(type) else { throw error }
            let branches = try discriminated(type, refused: recording, path: path)
            guard !branches.isEmpty else { throw error }
            let name = componentName(type)
            components[name] = branches.count == 1 ? branches[0] : .object([("oneOf", .array(branches))])
            return JSONSchema.ref(name)
        }
        if recording.isObject, let (key, cases) = enumDiscriminator(type, first: recording, path: path) {
            // Walked again from where it started, each case chosen: the components the first walk
            // made for the enum itself (which no branch refers to) are not left behind.
            state = before
            var branches: [JSONValue] = []
            for index in cases {
                let recording = SchemaRecording(caseChoices: [key: index])
                _ = try make(type, recording: recording, path: path)
                branches.append(recording.schema())
            }
            let name = componentName(type)
            components[name] = .object([("oneOf", .array(branches))])
            return JSONSchema.ref(name)
        }
        if recording.readSingle {
            let branches = alternatives(type, first: recording, path: path)
            if branches.count > 1 {
                let schema = JSONSchema.union(branches)
                guard recursive.contains(id) else { return schema }
                components[componentName(type)] = schema
                return JSONSchema.ref(componentName(type))
            }
        }
        guard recording.isObject || recursive.contains(id) else { return recording.schema() }
        let name = componentName(type)
        components[name] = recording.schema()
        return JSONSchema.ref(name)
    }

    /// A discriminated union's component: each branch recorded, then `oneOf` them. A branch that
    /// holds the union again meets it while it is being made, and refers to it.
    private func oneOf(_ union: any OpenAPIOneOfProviding.Type, type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> JSONValue {
        let id = ObjectIdentifier(type)
        let name = componentName(type)
        if components[name] != nil || walking.contains(id) { return JSONSchema.ref(name) }
        walking.insert(id)
        defer { walking.remove(id) }
        var branches: [JSONValue] = []
        for branch in union.openAPIBranches { branches.append(try schema(for: branch, path: path)) }
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
    private func mapping(_ union: any OpenAPIOneOfProviding.Type, type: any Decodable.Type, branches: [JSONValue],
                         path: String) -> JSONValue? {
        let key = union.openAPIDiscriminator
        let types = union.openAPIBranches.map { ObjectIdentifier($0) }
        var candidates = sampleStrings[key] ?? []
        for (index, branch) in union.openAPIBranches.enumerated() {
            candidates += Self.tagValues(of: branches[index], key: key, components: components)
            candidates += Self.spellings(of: ReadLog.typeName(branch))
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
                  let index = types.firstIndex(of: ObjectIdentifier(Swift.type(of: payload) as Any.Type)) else { continue }
            selected[index].append(candidate)
        }
        state = before
        let missing = union.openAPIBranches.indices.filter { selected[$0].isEmpty || branches[$0]["$ref"] == nil }
        guard missing.isEmpty else {
            let names = missing.map { ReadLog.typeName(union.openAPIBranches[$0]) }
            warnings.append("\(path) (\(ReadLog.typeName(type))): no value of `\(key)` in the mocks, the branches' schemas or names selects "
                + "\(names.joined(separator: ", ")): its discriminator has no mapping")
            return nil
        }
        var entries: [(key: String, value: JSONValue)] = []
        for (index, values) in selected.enumerated() {
            for value in values { entries.append((value, branches[index]["$ref"]!)) }
        }
        return .object(entries)
    }

    /// The values a branch's schema allows for the discriminator: its `const` or its one-value `enum`.
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
        if case let .array(values)? = property["enum"], values.count == 1, case let .string(value) = values[0] { return [value] }
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
        for spelling in [name, camel, lower.joined(), lower.joined(separator: "-"), lower.joined(separator: "_"),
                         lower.joined(separator: "_").uppercased()] where !found.contains(spelling) {
            found.append(spelling)
        }
        return found
    }

    /// The branches of a payload whose shape a string property chooses: the type run again with
    /// each value it declares (`OpenAPIDiscriminatorProviding`), else each value the mocks hold
    /// for a string property it read, the property a `const` in each. Values taken from the mocks
    /// only may not be all the type decodes: that is said in `warnings`.
    private func discriminated(_ type: any Decodable.Type, refused: SchemaRecording, path: String) throws(SchemaRecordingError) -> [JSONValue] {
        if let declared = type as? any OpenAPIDiscriminatorProviding.Type {
            let key = declared.openAPIDiscriminator
            guard !declared.openAPIDiscriminatorValues.isEmpty else {
                throw SchemaRecordingError(type: ReadLog.typeName(type), path: path,
                                           reason: "its openAPIDiscriminatorValues are empty: list every value of \(key)")
            }
            var branches: [JSONValue] = []
            for value in declared.openAPIDiscriminatorValues {
                let recording = SchemaRecording(choices: [key: value])
                do {
                    _ = try make(type, recording: recording, path: path)
                } catch {
                    throw SchemaRecordingError(type: error.type, path: error.path,
                                               reason: "\(ReadLog.typeName(type)) declares \(key) \"\(value)\" in openAPIDiscriminatorValues, "
                                                   + "and the walk of that branch failed: \(error.reason)")
                }
                branches.append(recording.schema())
            }
            return branches
        }
        for key in refused.stringKeys {
            var branches: [JSONValue] = [], walked: [String] = []
            for value in sampleStrings[key] ?? [] {
                let recording = SchemaRecording(choices: [key: value])
                if (try? make(type, recording: recording, path: path)) != nil {
                    branches.append(recording.schema())
                    walked.append(value)
                }
            }
            if !branches.isEmpty {
                warnings.append(
                    "\(path) (\(ReadLog.typeName(type))): a payload chosen by its string field `\(key)`, exported with the branches "
                        + "of the values the mocks hold (\(walked.joined(separator: ", "))) only; a value no mock holds is not in the schema: "
                        + "declare every value with OpenAPIDiscriminatorProviding")
                return branches
            }
        }
        return []
    }

    /// The enum property that chooses the shape of a payload, and the cases the type accepts:
    /// the type run again with each case of each enum it read, until one enum gives branches that
    /// differ beyond the property itself. A case the type refuses is no branch. Nil when no enum
    /// chooses.
    private func enumDiscriminator(_ type: any Decodable.Type, first: SchemaRecording, path: String) -> (key: String, cases: [Int])? {
        for (key, count) in first.enumKeys {
            var shapes: Set<String> = [], accepted: [Int] = []
            let before = state
            defer { state = before }
            for index in 0..<count {
                let recording = SchemaRecording(caseChoices: [key: index])
                guard (try? make(type, recording: recording, path: path)) != nil else { continue }
                accepted.append(index)
                // The same schema for every case, but for the tag: an ordinary field.
                shapes.insert(Self.removingProperty(key, from: recording.schema()).compactText)
            }
            if shapes.count > 1 { return (key, accepted) }
        }
        return nil
    }

    /// What a trial walk may add to and a caller may have to take back: components, their names,
    /// warnings.
    private var state: (components: [String: JSONValue], names: [ObjectIdentifier: String], taken: Set<String>, warnings: [String]) {
        get { (components, names, takenNames, warnings) }
        set { (components, names, takenNames, warnings) = newValue }
    }

    private static func removingProperty(_ key: String, from schema: JSONValue) -> JSONValue {
        guard case var .object(members) = schema, let index = members.firstIndex(where: { $0.key == "properties" }),
              case let .object(properties) = members[index].value else { return schema }
        members[index].value = .object(properties.filter { $0.key != key })
        return .object(members)
    }

    /// Every shape a type that reads a single value accepts: its `init(from:)` run again with the
    /// first single-value reads refused, one more each time, until no new branch shows.
    private func alternatives(_ type: any Decodable.Type, first: SchemaRecording, path: String) -> [JSONValue] {
        var branches = [first.schema()]
        for refusing in 1...8 {
            let recording = SchemaRecording(refusing: refusing)
            guard (try? make(type, recording: recording, path: path)) != nil, recording.refused == refusing else { break }
            let schema = recording.schema()
            if !branches.contains(schema) { branches.append(schema) }
        }
        return branches
    }

    /// A value of the type, for the decode type under walk to keep: made-up scalars, empty
    /// collections, nil for optionals, the first case of an enum, else the type decoded from the
    /// recording decoder.
    func value<T: Decodable>(_ type: T.Type, path: String) throws(SchemaRecordingError) -> T {
        if let primitive = primitiveValue(type) { return primitive }
        if let optional = type as? any OptionalSchemaMarker.Type { return optional.noneValue as! T }
        if let sequence = type as? any SequenceSchemaMarker.Type { return sequence.emptyValue as! T }
        if let dictionary = type as? any DictionarySchemaMarker.Type { return dictionary.emptyValue as! T }
        if let first = Self.firstCase(type) { return first }
        if let probed = Self.probedCases(type, values: true)?.first, let value = probed as? T { return value }
        if let provider = type as? any OpenAPISchemaProviding.Type { return try provided(type, schema: provider.openAPISchema, path: path) }
        return try make(type, recording: SchemaRecording(), path: path) as! T
    }

    /// A value of a type that states its own schema, for the type that holds it: decoded from a
    /// value made from that schema (its `example` first), since its `init(from:)` may refuse the
    /// recording decoder's made-up values (that is why it states its schema).
    private func provided<T: Decodable>(_ type: T.Type, schema: JSONValue, path: String) throws(SchemaRecordingError) -> T {
        let known = JSONValue.object([("components", .object([("schemas", .object(components.keys.sorted().map { ($0, components[$0]!) }))]))])
        let sample = ExampleMaker(source: OpenAPISource(root: known)).value(for: schema)
        let decoder = JSONDecoder()
        dates.apply(to: decoder)
        let refusal: any Error
        do {
            return try decoder.decode(T.self, from: Data(sample.compactText.utf8))
        } catch {
            refusal = error
        }
        // A schema without a usable example: the walk's made-up values may still do.
        if let made = try? make(type, recording: SchemaRecording(), path: path) as? T { return made }
        throw SchemaRecordingError(
            type: ReadLog.typeName(type), path: path,
            reason: "it states its schema (OpenAPISchemaProviding), but the type holding it needs a value of it, and neither the "
                + "recording decoder's made-up values nor \(sample.compactText.prefix(200)), made from its "
                + "openAPISchema, decodes (\(refusal)); put an \"example\" its init(from:) decodes in its openAPISchema")
    }

    private func make(_ type: any Decodable.Type, recording: SchemaRecording, path: String) throws(SchemaRecordingError) -> any Decodable {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maxDepth else {
            throw SchemaRecordingError(type: ReadLog.typeName(type), path: path,
                                       reason: "nested more than \(Self.maxDepth) levels deep: a type that contains itself needs an optional or an array in between")
        }
        let decoder = SchemaRecordingDecoder(recorder: self, recording: recording, path: path)
        do {
            return try type.init(from: decoder)
        } catch let error as SchemaRecordingError {
            throw error
        } catch {
            throw SchemaRecordingError(
                type: ReadLog.typeName(type), path: path,
                reason: "its init(from:) refused the recording decoder's made-up values (\(error)); "
                    + "make a raw-value enum CaseIterable, or adopt OpenAPISchemaProviding")
        }
    }

    /// The component name of a named type: its Swift name, with characters OpenAPI does not allow
    /// in a component name replaced by `_`, and `_2`, `_3`... when two types share a name.
    func componentName(_ type: any Decodable.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let base = String(ReadLog.typeName(type).map { allowed.contains($0) ? $0 : "_" })
        var name = base, suffix = 2
        while takenNames.contains(name) {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        takenNames.insert(name)
        names[id] = name
        return name
    }

    private func enumCases(_ type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> [JSONValue]? {
        if let iterable = type as? any (CaseIterable & RawRepresentable).Type { return Self.rawValues(iterable) }
        guard let probed = Self.probedCases(type, values: false) else { return nil }
        guard !probed.isEmpty else {
            throw SchemaRecordingError(type: ReadLog.typeName(type), path: path,
                                       reason: "no raw value in 0..<1024 makes a case; make it CaseIterable")
        }
        return probed.compactMap { $0 as? JSONValue }
    }

    /// An enum's cases with their raw values as JSON, in order: a `CaseIterable` raw-value enum's,
    /// or the probed ones of an `Int` enum; nil for any other type.
    func cases(of type: Any.Type) -> [(value: Any, raw: JSONValue)]? {
        let id = ObjectIdentifier(type)
        if let known = caseCache[id] { return known }
        var found: [(value: Any, raw: JSONValue)]?
        if let iterable = type as? any (CaseIterable & RawRepresentable).Type {
            found = Self.allCases(of: iterable)
        } else if let values = Self.probedCases(type, values: true), let raws = Self.probedCases(type, values: false) {
            found = zip(values, raws).compactMap { value, raw in (raw as? JSONValue).map { (value, $0) } }
        }
        caseCache[id] = .some(found)
        return found
    }

    private static func allCases<T: CaseIterable & RawRepresentable>(of type: T.Type) -> [(value: Any, raw: JSONValue)] {
        T.allCases.compactMap { value in jsonValue(of: value.rawValue).map { (value as Any, $0) } }
    }

    private static func rawValues<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [JSONValue] {
        T.allCases.compactMap { jsonValue(of: $0.rawValue) }
    }

    private static func firstCase<T>(_ type: T.Type) -> T? {
        guard let iterable = type as? any (CaseIterable & RawRepresentable).Type else { return nil }
        return first(of: iterable) as? T
    }

    private static func first<T: CaseIterable & RawRepresentable>(of type: T.Type) -> Any? { T.allCases.first }

    /// For an enum with `Int` raw values that is not `CaseIterable`: the raw values that make a
    /// case (as JSON), or the cases themselves when `values` is set. Nil for any other type.
    private static func probedCases(_ type: Any.Type, values: Bool) -> [Any]? {
        guard let raw = type as? any RawRepresentable.Type else { return nil }
        return probe(raw, values: values)
    }

    private static func probe<T: RawRepresentable>(_ type: T.Type, values: Bool) -> [Any]? {
        guard T.RawValue.self == Int.self else { return nil }
        return (0..<1024).compactMap { number -> Any? in
            guard let value = T(rawValue: number as! T.RawValue) else { return nil }
            return values ? value : JSONValue.number(String(number))
        }
    }

    static func jsonValue(of raw: Any) -> JSONValue? {
        switch raw {
        case let text as String: return .string(text)
        case let number as any BinaryInteger: return .number(String(describing: number))
        case let number as Double: return .number(String(number))
        case let flag as Bool: return .bool(flag)
        default: return nil
        }
    }

    static func jsonType(_ value: JSONValue) -> String? {
        switch value {
        case .string: return "string"
        case let .number(text): return Int64(text) != nil ? "integer" : "number"
        case .bool: return "boolean"
        default: return nil
        }
    }
}
