/// Names of the standard mock scenarios, as they appear in file names: `home_timeline@logout.json`.
public enum MockScenario {
    /// The answer a mock file without a scenario holds (`home_timeline.json`), by the name a
    /// request, the admin API or an example asks for it.
    public static let success = "success"
    /// The forced-logout envelope (10504 in the demo API).
    public static let logout = "logout"
    /// The dead-token answer; its HTTP status comes from the envelope policy (403).
    public static let expired = "expired"
    /// The refresh endpoint's answer to a refresh token it refuses (used once where refresh tokens
    /// rotate, never issued, or expired): `refresh@refused.json`.
    public static let refused = "refused"
    /// The login's answer to credentials it refuses: `login@wrong_password.json`, which
    /// `apicheck serve` answers a login whose account or password is not the one it was given.
    public static let wrongPassword = "wrong_password"
}
