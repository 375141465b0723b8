/// A forum topic. Its JSON names are camelCase, unlike the timeline's.
public struct Topic: Codable, Sendable, Equatable {
    /// A UUID string.
    public var id: String
    /// The author's UUID string.
    public var userID: String
    public var categoryId: Int
    public var likeNum: Int
    /// 1 when the topic is featured; an Int, not a Bool, on the wire.
    public var isGood: Int
    public var viewNum: Int
    public var collectNum: Int
    public var replyNum: Int
    /// Unix seconds.
    public var createTime: Double
    public var author: String
    public var title: String
    public var content: String
}
