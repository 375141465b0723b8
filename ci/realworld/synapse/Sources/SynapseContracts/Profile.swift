public struct Profile: Decodable, Sendable {
    public var displayname: String?
    public var avatar_url: String?
}
