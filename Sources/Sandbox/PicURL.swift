/// `PicURL` of docs/demo-api.md: one picture attached to a status.
struct PicURL: JSONRepresentable {
    var thumbnailPic: String

    var json: JSONValue {
        .object([("thumbnail_pic", .string(thumbnailPic))])
    }
}
