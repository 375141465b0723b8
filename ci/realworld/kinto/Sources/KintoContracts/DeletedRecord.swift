/// A delete's answer: the tombstone, which keeps the id and the time of the delete.
public struct DeletedRecord: Decodable, Sendable {
    public struct Tombstone: Decodable, Sendable {
        public var id: String
        public var lastModified: Int64
        public var deleted: Bool

        enum CodingKeys: String, CodingKey {
            case id, deleted
            case lastModified = "last_modified"
        }
    }

    public var data: Tombstone
}
