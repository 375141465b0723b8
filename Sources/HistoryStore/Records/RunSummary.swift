import Foundation

/// One stored run, as `history runs` lists it.
public struct RunSummary: Sendable, Equatable {
    /// The row's own id.
    public var runID: String
    /// The report's run id, shared by the shards and services of one CI run; nil for a run
    /// stored without one, or before the store kept it.
    public var reportRunID: String?
    /// The API's declared name.
    public var api: String
    public var startedAt: Date
    public var duration: Double
    public var command: String
    public var apiHash: String
    public var commit: String?
    public var environment: String?
    public var baseURL: String
    public var shard: String?
    public var verdict: String
    public var endpoints: Int
    public var endpointsPassed: Int
    public var errors: Int
    public var warnings: Int
}
