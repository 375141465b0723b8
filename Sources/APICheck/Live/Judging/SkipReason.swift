/// Why a check did not run, as its result and every report say it (`the credentials were refused`).
/// An open set, as `HTTPMethod`: the reasons the run gives are the static members below, and a
/// report read back from JSON carries whatever text it was written with. Equal by text, so a
/// reason compares with the words a report shows.
public struct SkipReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ text: String) { rawValue = text }

    public init(stringLiteral text: String) { rawValue = text }

    public init(stringInterpolation: DefaultStringInterpolation) { rawValue = String(stringInterpolation: stringInterpolation) }

    public var description: String { rawValue }

    /// The login refused the account's credentials: nothing that needs them is tried.
    public static let credentialsRefused: SkipReason = "the credentials were refused"
    /// A probe without the session's token has nothing to send.
    public static let noTokenToTry: SkipReason = "no token to try"
    /// A probe of an endpoint whose required sample has no value: the endpoint's own check is
    /// the `missing-sample` finding.
    public static let sampleMissing: SkipReason = "its sample is missing"
    /// A step the run never reached.
    public static let notChecked: SkipReason = "not checked"
    /// The run stopped: the target could not be reached at all.
    public static let targetUnreachable: SkipReason = "the target is unreachable"
    /// The run stopped: requests in flight went unanswered.
    public static let targetStopped: SkipReason = "the target stopped answering"

    /// The token issued beforehand (in `variables`) was refused.
    public static func tokenRefused(in variables: String) -> SkipReason { "the token in \(variables) was refused" }

    /// The credentials issued beforehand were refused: a token, or a Basic account and password.
    public static func beforehandRefused(_ auth: AuthPolicy) -> SkipReason {
        let (name, verb) = auth.beforehandCredentials
        return "\(name) in \(auth.beforehandVariables) \(verb) refused"
    }

    /// The credentials issued beforehand stopped working during the run (`TokenWatch`).
    public static func beforehandLost(_ auth: AuthPolicy, refusedBy endpoint: String) -> SkipReason {
        let (name, verb) = auth.beforehandCredentials
        return "\(name) in \(auth.beforehandVariables) \(verb) refused from \(endpoint) on"
    }

    /// The session's token expired during the run and its refresh failed (`SessionRenewal`).
    public static func sessionLost(refresh endpoint: String) -> SkipReason {
        "the session's token expired and \(endpoint) could not renew it"
    }

    /// A Basic login's credentials are not both set.
    public static func credentialsUnset(_ endpoint: String, account: String, password: String) -> SkipReason {
        "\(endpoint) takes HTTP Basic credentials from $\(account) and $\(password), which are not both set"
    }

    /// A read that needs a write first (`after:` it, or a sample from its answer), in a reads-only run.
    public static func needsWrite(_ write: AnyEndpoint) -> SkipReason {
        "it needs \(write.id) (\(write.method)) first, a write that --reads-only does not send"
    }
}
