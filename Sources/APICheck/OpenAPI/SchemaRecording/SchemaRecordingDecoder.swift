/// The decoder a decode type's `init(from:)` is run with to learn its schema. It never fails on
/// its own: every read is noted in its `SchemaRecording` and answered with a made-up value.
struct SchemaRecordingDecoder: Decoder {
    let recorder: SchemaRecorder
    let recording: SchemaRecording
    /// Where this type sits in the walk, for errors: `Timeline.statuses[].user`.
    let path: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        recording.openKeyed()
        return KeyedDecodingContainer(SchemaRecordingKeyedContainer<Key>(recorder: recorder, recording: recording, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        recording.openUnkeyed()
        return SchemaRecordingUnkeyedContainer(recorder: recorder, recording: recording, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SchemaRecordingSingleValueContainer(recorder: recorder, recording: recording, path: path)
    }
}
