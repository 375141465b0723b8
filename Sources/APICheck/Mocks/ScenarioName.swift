/// The name of a mock scenario, as it appears in a mock file's name (`home_timeline@logout.json`),
/// in `APICHECK_MOCKED`, in `serve --scenario`, in `serve`'s admin API and in reports. The names
/// `apicheck` gives a meaning are its static members; an endpoint declares its own
/// (`scenarios: ["empty"]`, an `ErrorCheck`'s).
public struct ScenarioName: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ text: String) { self.rawValue = text }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The answer a mock file without a scenario holds (`home_timeline.json`), by the name a
    /// request, the admin API or an example asks for it.
    public static let success: ScenarioName = "success"
    /// The forced-logout answer (10504 in the demo API): the server revoked the token.
    public static let logout: ScenarioName = "logout"
    /// The dead-token answer; its HTTP status comes from the envelope policy (403).
    public static let expired: ScenarioName = "expired"
    /// The refresh endpoint's answer to a refresh token it refuses (used once where refresh tokens
    /// rotate, never issued, or expired): `refresh@refused.json`.
    public static let refused: ScenarioName = "refused"
    /// The login's answer to credentials it refuses: `login@wrong_password.json`, which
    /// `apicheck serve` answers a login whose account or password is not the one it was given.
    public static let wrongPassword: ScenarioName = "wrong_password"

    /// The names an endpoint cannot declare for a scenario of its own: `apicheck` gives them a
    /// meaning on every endpoint.
    public static let reserved: [ScenarioName] = [.success, .logout, .expired, .refused]

    /// Whether the name can stand in a mock file's name: letters, digits, `_` and `-`, at least one.
    /// Anything else (a space, `@`, `.`, `/`) would name another file or none.
    public var isFileNamePart: Bool {
        !rawValue.isEmpty && rawValue.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    public var description: String { rawValue }

    public static func < (lhs: ScenarioName, rhs: ScenarioName) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The scenario names' earlier home, kept so that code naming `MockScenario.logout` compiles.
@available(*, deprecated, renamed: "ScenarioName")
public typealias MockScenario = ScenarioName
