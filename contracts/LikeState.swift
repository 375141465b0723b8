/// A topic's like count after a like or unlike.
public struct LikeState: Codable, Sendable, Equatable {
    public var tid: String
    public var liked: Bool
    public var likeCount: Int
}
