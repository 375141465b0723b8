/// What the root (`/v1/`) says of the server, to anyone: no credentials sent, so no `user`.
public struct ServerInfo: Decodable, Sendable {
    public struct Settings: Decodable, Sendable {
        public var explicitPermissions: Bool
        public var readonly: Bool
        public var batchMaxRequests: Int

        enum CodingKeys: String, CodingKey {
            case readonly
            case explicitPermissions = "explicit_permissions"
            case batchMaxRequests = "batch_max_requests"
        }
    }

    /// A plugin the server runs (`accounts`), by name in `capabilities`.
    public struct Capability: Decodable, Sendable {
        public var description: String
        public var url: String
    }

    public var projectName: String
    public var projectVersion: String
    public var httpAPIVersion: String
    public var projectDocs: String
    public var url: String
    public var settings: Settings
    public var capabilities: [String: Capability]

    enum CodingKeys: String, CodingKey {
        case url, settings, capabilities
        case projectName = "project_name"
        case projectVersion = "project_version"
        case httpAPIVersion = "http_api_version"
        case projectDocs = "project_docs"
    }
}
