/// Names of the standard mock scenarios, as they appear in file names: `home_timeline@logout.json`.
public enum MockScenario {
    /// The forced-logout envelope (10504 in the demo API).
    public static let logout = "logout"
    /// The dead-token answer; its HTTP status comes from the envelope policy (403).
    public static let expired = "expired"
}
