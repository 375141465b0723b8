/// Why a check did not run, as its result and every report say it (`the credentials were refused`).
/// An open set, as `HTTPMethod`: the reasons the run gives are the static members below, and a
/// report read back from JSON carries whatever text it was written with. Equal by text, so a
/// reason compares with the words a report shows.
public struct SkipReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public var rawValue: String
    /// The skip follows from what the run was asked not to do (`--reads-only` sends no write a
    /// read needs first), not from something it could not do: the run did what it was asked, so
    /// such a skip leaves the verdict as the checks that ran made it. Every other skip makes a
    /// run that found no contract error incomplete (exit 2).
    public var isChosen = false

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ text: String, chosen: Bool = false) {
        rawValue = text
        isChosen = chosen
    }

    public init(stringLiteral text: String) { rawValue = text }

    public init(stringInterpolation: DefaultStringInterpolation) { rawValue = String(stringInterpolation: stringInterpolation) }

    public var description: String { rawValue }

    public static func == (lhs: SkipReason, rhs: SkipReason) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

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

    /// A client-error refusal of what a call made up from the schema (`AnyEndpoint.madeUpSamples(sent:)`):
    /// the answer says nothing of the contract until the declaration gives a real sample.
    /// `said` is what the server said, quoted, which names the cause when it is another than the sample.
    public static func madeUpRefused(_ endpoint: String, status: Int, samples: [String], said: String) -> SkipReason {
        let what = samples.count == 1 ? samples[0] : samples.dropLast().joined(separator: ", ") + " and " + samples[samples.count - 1]
        return SkipReason(
            "HTTP \(status) refused the \(what) made up from the schema (\(said)): give \(endpoint)'s declaration a sample the server takes "
                + "(or the OpenAPI document an example, and import again)")
    }

    /// A required value read from an environment variable that is not set. `source` is the
    /// endpoint whose answer holds such values, where the declarations know one (a read of the
    /// same variable falls back to its list). `deletedBy` are the `DELETE`s whose path reads the
    /// variable too: the value a read is given is the object a run with writes deletes, and
    /// the person choosing it must know before giving one they want to keep.
    public static func variableUnset(
        parameter: String, variable: String, source: (endpoint: String, path: DeclaredPath)?, deletedBy: [String] = []
    ) -> SkipReason {
        var hint = source.map { "set it to one of the values \($0.endpoint) answers at \($0.path)" } ?? "set it to a value the server holds"
        if !deletedBy.isEmpty {
            hint += "; a run with writes deletes what it names (\(deletedBy.joined(separator: ", ")))"
        }
        return "'\(parameter)' comes from $\(variable), which is not set: \(hint)"
    }

    /// An endpoint that needs one the run was told never to send (`--except`) first.
    public static func needsExcluded(_ excluded: AnyEndpoint) -> SkipReason {
        SkipReason("it needs \(excluded.id) (\(excluded.method)) first, which --except leaves out", chosen: true)
    }

    /// A read that needs a write first (`after:` it, or a sample from its answer), in a reads-only run.
    public static func needsWrite(_ write: AnyEndpoint) -> SkipReason {
        SkipReason("it needs \(write.id) (\(write.method)) first, a write that --reads-only does not send", chosen: true)
    }

    /// A write declared `changingGlobalState()` that `--only` did not name: it would change what
    /// every user of the server sees, with nothing of the run's to name.
    public static func changesGlobalState(_ write: AnyEndpoint) -> SkipReason {
        SkipReason(
            "it changes global state with nothing to name (\(write.method) \(write.path)): sent only when --only names \(write.id)",
            chosen: true)
    }

    /// A write declared `actingOnExisting()` (it writes to an object the run did not create) in a
    /// run whose `--only` does not name it by its own id.
    public static func actsOnExisting(_ write: AnyEndpoint) -> SkipReason {
        SkipReason(
            "it writes to an object the run did not create (declared actingOnExisting(): "
                + "\(write.method) \(write.path) acts on what \(namer(of: write)) names), and a full run changes only what it "
                + "creates; check it with --only \(write.id), on an object that may be changed or deleted",
            chosen: true)
    }

    /// Why a write declared to be sent only when named (`NamedOnly`) is skipped in a run whose
    /// `--only` does not name it by its own id.
    public static func unnamed(_ write: AnyEndpoint) -> SkipReason {
        write.changesGlobalState ? .changesGlobalState(write) : .actsOnExisting(write)
    }

    /// A WebSocket route, whose success is its handshake's 101 (Switching Protocols): a request
    /// that opens no WebSocket is answered otherwise by a correct server, and one that opens it
    /// leaves HTTP. `proxy` passes its tunnels through, unchecked.
    public static func switchesProtocols(_ endpoint: AnyEndpoint) -> SkipReason {
        SkipReason(
            "its success is a WebSocket handshake (101 Switching Protocols), which live does not open; proxy passes its tunnels through",
            chosen: true)
    }

    /// An endpoint that needs, first, a write left out as `unnamed(_:)`.
    public static func needsNamed(_ write: AnyEndpoint) -> SkipReason {
        let what = write.changesGlobalState ? "changes global state" : "writes to an object the run did not create"
        return SkipReason("it needs \(write.id) (\(write.method)) first, which \(what) and runs only when --only names it", chosen: true)
    }

    /// What names the object a write acts on: the variables its path reads, else its declaration.
    private static func namer(of write: AnyEndpoint) -> String {
        let variables = write.parameters.filter { $0.location == .path }.compactMap { $0.sample?.base.variable.map { "$" + $0 } }
        return variables.isEmpty ? "its declaration" : variables.joined(separator: " and ")
    }
}
