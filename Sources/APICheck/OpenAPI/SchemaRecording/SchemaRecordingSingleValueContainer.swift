/// A type that decodes as one value (a wrapper around a `String`, a raw-value enum) takes that
/// value's schema.
struct SchemaRecordingSingleValueContainer: SingleValueDecodingContainer {
    let recorder: SchemaRecorder
    let recording: SchemaRecording
    let path: String
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    func decode(_ type: String.Type) throws -> String { try read(type) }
    func decode(_ type: Double.Type) throws -> Double { try read(type) }
    func decode(_ type: Float.Type) throws -> Float { try read(type) }
    func decode(_ type: Int.Type) throws -> Int { try read(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        if recording.refusesNextSingle() {
            throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "another branch, for the schema recorder"))
        }
        recording.single(.schema(try recorder.schema(for: type, path: path)))
        return try recorder.value(type, path: path)
    }
}
