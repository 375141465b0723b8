/// A type that reads an array by hand: the first item read gives the items' schema. It offers one
/// item, so that loops reading to the end stop.
struct SchemaRecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let recorder: SchemaRecorder
    let recording: SchemaRecording
    let path: String
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    private(set) var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    init(recorder: SchemaRecorder, recording: SchemaRecording, path: String) {
        self.recorder = recorder
        self.recording = recording
        self.path = path
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try readIfPresent(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try readIfPresent(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        let nested = SchemaRecording()
        nested.openKeyed()
        recording.item(.nested(nested))
        return KeyedDecodingContainer(SchemaRecordingKeyedContainer<NestedKey>(recorder: recorder, recording: nested, path: path + "[]"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        let nested = SchemaRecording()
        nested.openUnkeyed()
        recording.item(.nested(nested))
        return SchemaRecordingUnkeyedContainer(recorder: recorder, recording: nested, path: path + "[]")
    }

    mutating func superDecoder() throws -> any Decoder {
        currentIndex += 1
        let nested = SchemaRecording()
        recording.item(.nested(nested))
        return SchemaRecordingDecoder(recorder: recorder, recording: nested, path: path + "[]")
    }

    private mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        recording.item(.schema(try recorder.schema(for: type, path: path + "[]")))
        return try recorder.value(type, path: path + "[]")
    }

    private mutating func readIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        currentIndex += 1
        recording.item(.schema(JSONSchema.nullable(try recorder.schema(for: type, path: path + "[]"))))
        return nil
    }
}
