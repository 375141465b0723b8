public struct JoinedRooms: Decodable, Sendable {
    public var joined_rooms: [String]
}
