/// `UserProfile` of docs/demo-api.md: the answer of `users/show`.
struct UserProfile: JSONRepresentable {
    var id: Int64
    var screenName: String
    var description: String
    var followersCount: Int
    var friendsCount: Int
    var statusesCount: Int
    var verified: Bool
    var avatarLarge: String

    var json: SandboxJSON {
        .object([
            ("id", .int(id)),
            ("screen_name", .string(screenName)),
            ("description", .string(description)),
            ("followers_count", .int(Int64(followersCount))),
            ("friends_count", .int(Int64(friendsCount))),
            ("statuses_count", .int(Int64(statusesCount))),
            ("verified", .bool(verified)),
            ("avatar_large", .string(avatarLarge)),
        ])
    }
}
