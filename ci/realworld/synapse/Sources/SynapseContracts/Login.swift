public struct Login: Decodable, Sendable {
    public var user_id: String
    public var access_token: String
    public var device_id: String
}
