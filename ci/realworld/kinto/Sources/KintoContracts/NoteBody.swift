/// What a create or an update sends: the record's fields under `data`.
public struct NoteBody: Codable, Sendable {
    public struct Fields: Codable, Sendable {
        public var title: String
        public var n: Int
    }

    public var data: Fields

    public init(title: String, n: Int) {
        data = Fields(title: title, n: n)
    }
}
