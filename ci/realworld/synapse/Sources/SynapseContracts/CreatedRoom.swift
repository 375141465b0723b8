public struct CreatedRoom: Decodable, Sendable {
    public var room_id: String
}
