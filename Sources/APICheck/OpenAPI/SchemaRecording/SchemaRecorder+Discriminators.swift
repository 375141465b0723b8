import Foundation

extension SchemaRecorder {
    /// The branches of a payload whose shape a string property chooses: the type run again with
    /// each value it declares (`OpenAPIDiscriminatorProviding`), else each value the mocks hold
    /// for a string property it read, the property a `const` in each. Values taken from the mocks
    /// only may not be all the type decodes: that is said in `warnings`.
    func discriminated(_ type: any Decodable.Type, refused: SchemaRecording, path: String) throws(SchemaRecordingError) -> [JSONValue] {
        if let declared = type as? any OpenAPIDiscriminatorProviding.Type {
            let key = declared.openAPIDiscriminator
            guard !declared.openAPIDiscriminatorValues.isEmpty else {
                throw SchemaRecordingError(
                    type: ReadLog.typeName(type), path: path,
                    reason: "its openAPIDiscriminatorValues are empty: list every value of \(key)")
            }
            var branches: [JSONValue] = []
            for value in declared.openAPIDiscriminatorValues {
                let recording = SchemaRecording(choices: [key: value])
                do {
                    _ = try make(type, recording: recording, path: path)
                } catch {
                    throw SchemaRecordingError(
                        type: error.type, path: error.path,
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
    func enumDiscriminator(_ type: any Decodable.Type, first: SchemaRecording, path: String) -> (key: String, cases: [Int])? {
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
    var state: (components: [String: JSONValue], names: [ObjectIdentifier: String], taken: Set<String>, warnings: [String]) {
        get { (components, names, takenNames, warnings) }
        set { (components, names, takenNames, warnings) = newValue }
    }

    private static func removingProperty(_ key: String, from schema: JSONValue) -> JSONValue {
        guard case var .object(members) = schema, let index = members.firstIndex(where: { $0.key == "properties" }),
            case let .object(properties) = members[index].value
        else { return schema }
        members[index].value = .object(properties.filter { $0.key != key })
        return .object(members)
    }

    /// Every shape a type that reads a single value accepts: its `init(from:)` run again with the
    /// first single-value reads refused, one more each time, until no new branch shows. The
    /// bound only stops a decoder that reads without end: an imported union has a branch per
    /// schema of the document (Phoenix's message parts, 21), and one left out is a branch the
    /// export removes.
    func alternatives(_ type: any Decodable.Type, first: SchemaRecording, path: String) -> [JSONValue] {
        var branches = [first.schema()]
        for refusing in 1..<Self.maxAlternatives {
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
}
