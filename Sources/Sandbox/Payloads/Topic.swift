/// `Topic` of docs/demo-api.md: one forum topic of the `topics` list.
struct Topic: JSONRepresentable {
    var id: String
    var userID: String
    var categoryId: Int
    var likeNum: Int
    var isGood: Int
    var viewNum: Int
    var collectNum: Int
    var replyNum: Int
    var createTime: Double
    var author: String
    var title: String
    var content: String

    var json: SandboxJSON {
        .object([
            ("id", .string(id)),
            ("userID", .string(userID)),
            ("categoryId", .int(Int64(categoryId))),
            ("likeNum", .int(Int64(likeNum))),
            ("isGood", .int(Int64(isGood))),
            ("viewNum", .int(Int64(viewNum))),
            ("collectNum", .int(Int64(collectNum))),
            ("replyNum", .int(Int64(replyNum))),
            ("createTime", .double(createTime)),
            ("author", .string(author)),
            ("title", .string(title)),
            ("content", .string(content)),
        ])
    }
}
