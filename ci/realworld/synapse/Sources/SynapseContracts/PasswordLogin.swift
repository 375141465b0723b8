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

    public init(user: String, password: String, deviceName: String? = nil) {
        identifier = Identifier(user: user)
        self.password = password
        initial_device_display_name = deviceName
    }
}
