/// `LikeState` of docs/demo-api.md: a topic's like count and whether the caller likes it.
struct LikeState: JSONRepresentable {
    var tid: String
    var liked: Bool
    var likeCount: Int

    var json: SandboxJSON {
        .object([
            ("tid", .string(tid)),
            ("liked", .bool(liked)),
            ("likeCount", .int(Int64(likeCount))),
        ])
    }
}
