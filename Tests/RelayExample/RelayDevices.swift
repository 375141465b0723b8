/// The Relay backend's sessions: one device per login, each with its live access token and
/// refresh token. Plain state, guarded by the backend's lock.
struct RelayDevices {
    struct Device {
        var user: String
        var access: String
        var refresh: String
        /// A refresh token a refresh already used that still works: only on a backend that
        /// breaks rotation.
        var usedRefresh: Set<String> = []
    }

    private var devices: [String: Device] = [:]
    var messages = 0
    var refreshes = 0

    var count: Int { devices.count }

    mutating func open(device: String, user: String, tokens: (access: String, refresh: String)) -> (String, String) {
        devices[device] = Device(user: user, access: tokens.access, refresh: tokens.refresh)
        return tokens
    }

    func user(of access: String) -> String? {
        devices.values.first { $0.access == access }?.user
    }

    /// Every device's access token dies (and its refresh token, when `refreshTokensToo`); the
    /// device stays open until a logout with a token that works.
    mutating func expireAll(refreshTokensToo: Bool) {
        for name in devices.keys {
            devices[name]?.access = "expired:" + name
            if refreshTokensToo {
                devices[name]?.refresh = "expired-refresh:" + name
                devices[name]?.usedRefresh = []
            }
        }
    }

    /// Ends the device whose access token this is.
    mutating func end(_ access: String) {
        if let name = devices.first(where: { $0.value.access == access })?.key { devices[name] = nil }
    }

    /// New tokens for the device holding this refresh token, the old access token dead; nil when
    /// no device holds it. Without rotation the old refresh token keeps working.
    mutating func refresh(_ given: String, tokens: (access: String, refresh: String), rotates: Bool) -> (String, String)? {
        guard let name = devices.first(where: { $0.value.refresh == given || $0.value.usedRefresh.contains(given) })?.key else {
            return nil
        }
        if !rotates { devices[name]?.usedRefresh.insert(given) }
        devices[name]?.access = tokens.access
        devices[name]?.refresh = tokens.refresh
        return tokens
    }
}
