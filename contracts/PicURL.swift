/// One picture of a status.
public struct PicURL: Codable, Sendable, Equatable {
    public var thumbnailPic: String

    enum CodingKeys: String, CodingKey {
        case thumbnailPic = "thumbnail_pic"
    }
}
