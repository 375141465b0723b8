public struct Devices: Decodable, Sendable {
    public struct Device: Decodable, Sendable {
        public var device_id: String
        public var display_name: String?
        public var last_seen_ip: String?
        public var last_seen_ts: Int64?
    }

    public var devices: [Device]
}
