/// `Status` of docs/demo-api.md: one post of the home timeline.
struct Status: JSONRepresentable {
    var id: Int64
    var text: String
    var createdAt: String
    var source: String
    var repostsCount: Int
    var commentsCount: Int
    var attitudesCount: Int
    var user: StatusUser
    var picURLs: [PicURL]

    var json: SandboxJSON {
        .object([
            ("id", .int(id)),
            ("text", .string(text)),
            ("created_at", .string(createdAt)),
            ("source", .string(source)),
            ("reposts_count", .int(Int64(repostsCount))),
            ("comments_count", .int(Int64(commentsCount))),
            ("attitudes_count", .int(Int64(attitudesCount))),
            ("user", user.json),
            ("pic_urls", picURLs.json),
        ])
    }
}
