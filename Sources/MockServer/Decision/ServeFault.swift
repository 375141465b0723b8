/// A broken answer, on demand: what a client must survive. Asked per request with
/// `Prefer: fault=KIND`, or sticky through the admin API.
public enum ServeFault: String, Sendable, CaseIterable {
    /// The connection is reset.
    case reset
    /// The connection is closed without a response.
    case empty
    /// Half the body, then the connection is closed.
    case truncate
    /// Bytes that are not JSON, with status 200.
    case garbage
    /// A proxy's HTML error page with status 502.
    case html502 = "html-502"
    /// The body dribbled out a few bytes at a time.
    case slowBody = "slow-body"
}
