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
    public internal(set) var components: [String: JSONValue] = [:]
    /// String values the mocks hold, by property name: a type whose `init(from:)` refuses the
    /// made-up values is tried with each of them, one branch of a discriminated payload per value.
    public var sampleStrings: [String: [String]] = [:]
    /// What the schemas leave out, for the command to say: a payload chosen by a string field
    /// walked only for the values the mocks hold, a discriminator without a mapping.
    public internal(set) var warnings: [String] = []
    var names: [ObjectIdentifier: String] = [:]
    /// Each type's enum cases (`cases(of:)`), nil for a type that is no enum: asked at every read.
    var caseCache: [ObjectIdentifier: [(value: Any, raw: JSONValue)]?] = [:]
    var takenNames: Set<String>
    var walking: Set<ObjectIdentifier> = []
    /// Types referenced from inside their own walk: they need a component whatever their shape.
    private var recursive: Set<ObjectIdentifier> = []
    var depth = 0
    static let maxDepth = 64
    /// The most shapes a type reading a single value is asked for (`alternatives`).
    static let maxAlternatives = 256

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
            return .object([
                ("type", .string("object")),
                ("additionalProperties", try schema(for: dictionary.valueType, path: path + "[:]")),
            ])
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
    func walk(_ type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> JSONValue {
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
                let schema = JSONSchema.union(branches, own: componentName(type))
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
}
