/// The head block's statistics, nested one level down.
public struct TSDBStatus: Decodable, Sendable {
    public struct HeadStats: Decodable, Sendable {
        public var numSeries: Int
        public var numLabelPairs: Int
        public var chunkCount: Int
        public var minTime: Int64
        public var maxTime: Int64
    }

    public var headStats: HeadStats
}
