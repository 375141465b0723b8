/// Why a payload did not decode into its declared type, pointing at the exact value:
/// `$.datas.statuses[3].user.screen_name: expected String, found null`.
public struct DecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: JSONPath
    /// What the type wanted: a Swift type name (`String`, `Int64`, `StatusUser`).
    public var expected: String
    /// What the document held there: `absent`, `null`, `String`, `Int`, `Double`, `Bool`, `Array`, `Object`.
    /// Only the kind, never the value: the value could be a secret.
    public var found: String
    /// Extra detail, e.g. a number out of range.
    public var note: String?

    public init(path: JSONPath, expected: String, found: String, note: String? = nil) {
        self.path = path
        self.expected = expected
        self.found = found
        self.note = note
    }

    public var description: String {
        "\(path): expected \(expected), found \(found)" + (note.map { " (\($0))" } ?? "")
    }
}
