public struct Version: Decodable, Sendable {
    public var version: String
}

/// Times are ISO 8601 with microseconds (`2026-12-03T18:20:05.640999Z`), kept as text.
public struct ServerStatus: Decodable, Sendable {
    public var connections: Int
    public var kernels: Int
    public var started: String
    public var lastActivity: String

    enum CodingKeys: String, CodingKey {
        case connections, kernels, started
        case lastActivity = "last_activity"
    }
}

public struct Me: Decodable, Sendable {
    public struct Identity: Decodable, Sendable {
        public var username: String
        public var name: String
        public var displayName: String
        public var initials: String?
        public var avatarURL: String?
        public var color: String?

        enum CodingKeys: String, CodingKey {
            case username, name, initials, color
            case displayName = "display_name"
            case avatarURL = "avatar_url"
        }
    }

    public var identity: Identity
    /// The asked permissions the token has, by resource, and `updatable_fields` of the identity.
    public var permissions: [String: [String]]
}
