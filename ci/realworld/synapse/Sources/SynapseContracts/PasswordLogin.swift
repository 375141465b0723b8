/// The login body of the Matrix spec (`m.login.password` with an `m.id.user` identifier), which
/// replaced the deprecated top-level `user`.
public struct PasswordLogin: Codable, Sendable {
    public struct Identifier: Codable, Sendable {
        public var type = "m.id.user"
        public var user: String
    }

    public var type = "m.login.password"
    public var identifier: Identifier
    public var password: String
    public var initial_device_display_name: String?
    /// Asks for a refresh token beside the access token (Matrix 1.3).
    public var refresh_token: Bool?

    public init(user: String, password: String, deviceName: String? = nil, refreshToken: Bool? = nil) {
        identifier = Identifier(user: user)
        self.password = password
        initial_device_display_name = deviceName
        refresh_token = refreshToken
    }
}
