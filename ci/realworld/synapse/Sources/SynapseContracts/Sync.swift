public struct Sync: Decodable, Sendable {
    /// The opaque cursor the next sync starts from.
    public var next_batch: String
}
