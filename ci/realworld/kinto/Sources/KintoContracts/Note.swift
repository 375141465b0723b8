/// A record of the check's collections: Kinto adds `id` and `last_modified` to the fields written.
public struct Note: Codable, Sendable {
    public var id: String
    /// Epoch milliseconds; the record's ETag is this number in quotes.
    public var lastModified: Int64
    public var title: String
    public var n: Int

    enum CodingKeys: String, CodingKey {
        case id, title, n
        case lastModified = "last_modified"
    }
}

/// One record with its permissions (principals by permission: `write` holds `account:<user>`).
public struct NoteRecord: Decodable, Sendable {
    public var data: Note
    public var permissions: [String: [String]]
}
