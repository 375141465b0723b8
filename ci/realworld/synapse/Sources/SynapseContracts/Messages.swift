/// One page of a room's timeline, newest first with `dir=b`.
public struct Messages: Decodable, Sendable {
    public struct Event: Decodable, Sendable {
        public var event_id: String
        public var type: String
        public var sender: String
    }

    public var chunk: [Event]
    public var start: String
    /// The token of the next page; absent once the room's start is reached.
    public var end: String?
}
