/// A user's public profile (`users/show`).
public struct UserProfile: Codable, Sendable, Equatable {
    public var id: Int64
    public var screenName: String
    public var description: String
    public var followersCount: Int
    public var friendsCount: Int
    public var statusesCount: Int
    public var verified: Bool
    public var avatarLarge: String

    enum CodingKeys: String, CodingKey {
        case id, description, verified
        case screenName = "screen_name"
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case statusesCount = "statuses_count"
        case avatarLarge = "avatar_large"
    }
}
