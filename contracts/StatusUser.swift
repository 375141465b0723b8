/// The author of a status, as embedded in it.
public struct StatusUser: Codable, Sendable, Equatable {
    public var id: Int64
    public var screenName: String
    public var avatarLarge: String
    public var verifiedType: Int
    public var mbrank: Int

    enum CodingKeys: String, CodingKey {
        case id, mbrank
        case screenName = "screen_name"
        case avatarLarge = "avatar_large"
        case verifiedType = "verified_type"
    }
}
