/// Which token a call carries. Live auth probes send tokens other than the session's.
public enum TokenChoice: Sendable, Equatable {
    /// The session's token, when the endpoint needs one.
    case session
    /// No token at all.
    case withoutToken
    /// This token, whatever the session holds.
    case explicit(String)
    /// A token no server issued (a probe's fake, `AuthPolicy.deadToken(like:)`): sent as
    /// `explicit` is, but not a secret, so traces and reproduce commands show it.
    case fake(String)
}
