/// A list answer: the items under `data`. How many there are in all comes in the
/// `Total-Records` header of a HEAD, and the next page's URL in the `Next-Page` header.
public struct Listing<Item: Decodable & Sendable>: Decodable, Sendable {
    public var data: [Item]
}

/// A bucket or a collection as lists show it: its id and when it last changed.
public struct Entry: Decodable, Sendable {
    public var id: String
    /// Epoch milliseconds; the ETag is this number in quotes.
    public var lastModified: Int64

    enum CodingKeys: String, CodingKey {
        case id
        case lastModified = "last_modified"
    }
}
