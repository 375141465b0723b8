/// `PicURL` of docs/demo-api.md: one picture attached to a status.
struct PicURL: JSONRepresentable {
    var thumbnailPic: String

    var json: SandboxJSON {
        .object([("thumbnail_pic", .string(thumbnailPic))])
    }
}
