public struct MetricMetadata: Decodable, Sendable {
    public var type: String
    public var help: String
    public var unit: String
}
