/// One endpoint's total request time over the last runs, and over as many runs before them:
/// whether it is creeping up. Milliseconds; percentiles by nearest rank.
public struct LatencySummary: Sendable, Equatable {
    public var name: String
    public var samples: Int
    public var p50: Double
    public var p95: Double
    public var max: Double
    /// The window before, when there was one.
    public var previousP50: Double?
    public var previousP95: Double?

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}
