public struct SentEvent: Decodable, Sendable {
    public var event_id: String
}
