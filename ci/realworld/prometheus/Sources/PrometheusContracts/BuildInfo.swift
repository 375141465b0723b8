public struct BuildInfo: Decodable, Sendable {
    public var version: String
    public var revision: String
    public var branch: String
    public var buildUser: String
    public var buildDate: String
    public var goVersion: String
}
