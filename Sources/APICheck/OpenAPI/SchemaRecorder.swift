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
    private var names: [ObjectIdentifier: String] = [:]
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
        let recording = SchemaRecording()
        do {
            _ = try make(type, recording: recording, path: path)
        } catch {
            // Its own refusal (not a nested type's): a discriminated payload, if the mocks say how.
            guard error.type == ReadLog.typeName(type) else { throw error }
            let branches = discriminated(type, refused: recording, path: path)
            guard !branches.isEmpty else { throw error }
            let name = componentName(type)
            components[name] = branches.count == 1 ? branches[0] : .object([("oneOf", .array(branches))])
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
        components[name] = .object([("oneOf", .array(branches)),
                                    ("discriminator", .object([("propertyName", .string(union.openAPIDiscriminator))]))])
        return JSONSchema.ref(name)
    }

    /// The branches of a payload whose shape a string property chooses: the type run again with
    /// each value the mocks hold for a string property it read, the property a `const` in each.
    private func discriminated(_ type: any Decodable.Type, refused: SchemaRecording, path: String) -> [JSONValue] {
        for key in refused.stringKeys {
            var branches: [JSONValue] = []
            for value in sampleStrings[key] ?? [] {
                let recording = SchemaRecording(choices: [key: value])
                if (try? make(type, recording: recording, path: path)) != nil { branches.append(recording.schema()) }
            }
            if !branches.isEmpty { return branches }
        }
        return []
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
        return try make(type, recording: SchemaRecording(), path: path) as! T
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
