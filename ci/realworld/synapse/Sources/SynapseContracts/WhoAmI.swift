public struct WhoAmI: Decodable, Sendable {
    public var user_id: String
    public var device_id: String?
    public var is_guest: Bool?
}
