/// Why shards' reports cannot become one: they belong to different runs, APIs or splits, a shard
/// is missing or given twice, or their plans overlap. The message names the files and shards.
public struct ReportMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
