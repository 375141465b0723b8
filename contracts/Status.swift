/// One post of the home timeline.
public struct Status: Codable, Sendable, Equatable {
    public var id: Int64
    public var text: String
    /// Weibo's date format: `Tue May 31 17:46:55 +0800 2011`.
    public var createdAt: String
    /// HTML of the posting client: `<a href="..." rel="nofollow">Weibo for iPhone</a>`.
    public var source: String
    public var repostsCount: Int
    public var commentsCount: Int
    public var attitudesCount: Int
    public var user: StatusUser
    public var picURLs: [PicURL]

    enum CodingKeys: String, CodingKey {
        case id, text, source, user
        case createdAt = "created_at"
        case repostsCount = "reposts_count"
        case commentsCount = "comments_count"
        case attitudesCount = "attitudes_count"
        case picURLs = "pic_urls"
    }
}
