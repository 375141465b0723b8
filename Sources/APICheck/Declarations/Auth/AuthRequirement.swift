/// Whether an endpoint needs the session's token.
public enum AuthRequirement: Sendable, Equatable {
    /// Called without any token.
    case anonymous
    case token
}
