/// Capabilities by name (`m.change_password`): names with dots, nested objects.
public struct Capabilities: Decodable, Sendable {
    public struct RoomVersions: Decodable, Sendable {
        public var `default`: String
        public var available: [String: String]
    }

    public struct Toggle: Decodable, Sendable {
        public var enabled: Bool
    }

    public struct Known: Decodable, Sendable {
        public var roomVersions: RoomVersions?
        public var changePassword: Toggle?

        enum CodingKeys: String, CodingKey {
            case roomVersions = "m.room_versions"
            case changePassword = "m.change_password"
        }
    }

    public var capabilities: Known
}
