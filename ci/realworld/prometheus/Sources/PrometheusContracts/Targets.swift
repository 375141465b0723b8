public struct Targets: Decodable, Sendable {
    public struct Target: Decodable, Sendable {
        public var discoveredLabels: [String: String]
        public var labels: [String: String]
        public var scrapePool: String
        public var scrapeUrl: String
        public var lastError: String
        public var lastScrape: String
        public var lastScrapeDuration: Double
        public var health: String
    }

    public var activeTargets: [Target]
}
