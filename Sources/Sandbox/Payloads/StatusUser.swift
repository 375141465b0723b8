/// `StatusUser` of docs/demo-api.md: the author as embedded in a status.
struct StatusUser: JSONRepresentable {
    var id: Int64
    var screenName: String
    var avatarLarge: String
    var verifiedType: Int
    var mbrank: Int

    var json: SandboxJSON {
        .object([
            ("id", .int(id)),
            ("screen_name", .string(screenName)),
            ("avatar_large", .string(avatarLarge)),
            ("verified_type", .int(Int64(verifiedType))),
            ("mbrank", .int(Int64(mbrank))),
        ])
    }
}
