public struct Login: Decodable, Sendable {
    public var user_id: String
    public var access_token: String
    public var device_id: String
    /// Only when the login asked for one (`"refresh_token": true`) and the server has refreshable
    /// access tokens (`refreshable_access_token_lifetime` in homeserver.yaml).
    public var refresh_token: String?
    public var expires_in_ms: Int?
}
