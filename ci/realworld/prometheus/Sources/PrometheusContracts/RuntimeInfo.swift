public struct RuntimeInfo: Decodable, Sendable {
    public var startTime: String
    public var CWD: String
    public var reloadConfigSuccess: Bool
    public var lastConfigTime: String
    public var corruptionCount: Int
    public var goroutineCount: Int
    public var GOMAXPROCS: Int
    public var GOGC: String
    public var GODEBUG: String
    public var storageRetention: String
}
