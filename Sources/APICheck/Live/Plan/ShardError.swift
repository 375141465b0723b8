/// A shard the environment names wrongly.
public struct ShardError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
