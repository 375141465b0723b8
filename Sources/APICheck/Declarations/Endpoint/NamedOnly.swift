/// Why an endpoint is sent only when `--only` names it by its own id (a pattern or a shard's cut
/// does not): what it changes is not the run's own to change. One declaration for three causes,
/// so the plan, the command line's notes and the selection read one rule
/// (`API.heldForName(_:)`). When several apply, the one with the most to lose is kept.
public enum NamedOnly: Int, Sendable, Hashable, Comparable {
    /// It changes what the whole server holds and names nothing it acts on (`changingGlobalState()`).
    case changesGlobalState = 1
    /// It writes to an object the run did not create, one a person names (`actingOnExisting()`).
    case actsOnExisting = 2
    /// It ends or changes the identity the run calls as (`endingIdentity()`): run last, alone.
    case endsIdentity = 3

    /// The modifier that declares it, for messages.
    public var modifier: String {
        switch self {
        case .changesGlobalState: "changingGlobalState()"
        case .actsOnExisting: "actingOnExisting()"
        case .endsIdentity: "endingIdentity()"
        }
    }

    public static func < (lhs: NamedOnly, rhs: NamedOnly) -> Bool { lhs.rawValue < rhs.rawValue }
}
