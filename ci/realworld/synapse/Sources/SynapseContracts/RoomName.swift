public struct RoomName: Decodable, Sendable {
    public var name: String
}
