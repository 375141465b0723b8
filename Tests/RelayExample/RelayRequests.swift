// The request bodies of the Relay example API, declared as types: the request half of the
// contract.

/// A password login, Matrix style: the user sits in a nested identifier.
/// `{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": "…"}`
public struct PasswordLogin: Codable, Sendable {
    public struct Identifier: Codable, Sendable {
        public var type: String
        public var user: String

        public init(type: String = "m.id.user", user: String) {
            self.type = type
            self.user = user
        }
    }

    public var type: String
    public var identifier: Identifier
    public var password: String
    /// A name for the device the login creates; optional.
    public var initial_device_display_name: String?

    public init(user: String, password: String, deviceName: String? = nil) {
        type = "m.login.password"
        identifier = Identifier(user: user)
        self.password = password
        initial_device_display_name = deviceName
    }
}

/// A series lookup as a dashboard posts it: a form with the selectors repeated (`match[]=…`)
/// and an optional limit.
public struct SeriesForm: Codable, Sendable {
    public var match: [String]
    public var limit: Int?

    public init(match: [String], limit: Int? = nil) {
        self.match = match
        self.limit = limit
    }
}

/// Read markers, Matrix style: keys with dots.
public struct ReadMarkers: Codable, Sendable {
    public var fullyRead: String
    public var read: String?

    enum CodingKeys: String, CodingKey {
        case fullyRead = "m.fully_read"
        case read = "m.read"
    }

    public init(fullyRead: String, read: String? = nil) {
        self.fullyRead = fullyRead
        self.read = read
    }
}
