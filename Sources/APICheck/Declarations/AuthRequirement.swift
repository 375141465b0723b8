/// Whether an endpoint needs the session's token.
public enum AuthRequirement: Sendable, Equatable {
    case none
    case token
}
