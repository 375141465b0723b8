/// Notes each property a type reads: `decode` makes it required, `decodeIfPresent` optional and
/// nullable, `contains` before a read makes it optional.
struct SchemaRecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: SchemaRecorder
    let recording: SchemaRecording
    let path: String
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        recording.asked(key.stringValue)
        return true
    }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try readIfPresent(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let nested = SchemaRecording()
        nested.openKeyed()
        recording.property(key.stringValue, .nested(nested), ifPresent: false)
        return KeyedDecodingContainer(SchemaRecordingKeyedContainer<NestedKey>(recorder: recorder, recording: nested, path: path(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let nested = SchemaRecording()
        nested.openUnkeyed()
        recording.property(key.stringValue, .nested(nested), ifPresent: false)
        return SchemaRecordingUnkeyedContainer(recorder: recorder, recording: nested, path: path(key))
    }

    /// A superclass decoding from the same container adds its properties to this object.
    func superDecoder() throws -> any Decoder {
        SchemaRecordingDecoder(recorder: recorder, recording: recording, path: path)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let nested = SchemaRecording()
        recording.property(key.stringValue, .nested(nested), ifPresent: false)
        return SchemaRecordingDecoder(recorder: recorder, recording: nested, path: path(key))
    }

    private func path(_ key: Key) -> String { path + "." + key.stringValue }

    private func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        if T.self == String.self {
            recording.readString(key.stringValue)
            if let chosen = recording.choices[key.stringValue] {
                recording.property(key.stringValue, .schema(JSONSchema.constant(.string(chosen))), ifPresent: false)
                return chosen as! T
            }
        }
        if let cases = recorder.cases(of: type), cases.count > 1 {
            recording.readEnum(key.stringValue, cases: cases.count)
            if let index = recording.caseChoices[key.stringValue], cases.indices.contains(index), let chosen = cases[index].value as? T {
                recording.property(key.stringValue, .schema(JSONSchema.constant(cases[index].raw)), ifPresent: false)
                return chosen
            }
        }
        recording.property(key.stringValue, .schema(try recorder.schema(for: type, path: path(key))), ifPresent: false)
        return try recorder.value(type, path: path(key))
    }

    private func readIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        recording.property(key.stringValue, .schema(try recorder.schema(for: type, path: path(key))), ifPresent: true)
        return nil
    }
}
