import Foundation

/// What one `apicheck live` run checks and how.
public struct LiveOptions: Sendable {
    public var baseURL: URL
    /// Endpoint ids to check; nil for all.
    public var only: Set<String>?
    /// For a shard, the ids the whole run checks (`--only`'s before the shard's cut); nil for a
    /// run that is no shard. The probes that run once per run go to the shard owning their endpoint.
    public var wholeRun: Set<String>?
    public var concurrency: Int
    /// Warnings fail the run.
    public var strict: Bool
    /// The mocks to compare live answers with; nil skips drift.
    public var mocksDirectory: URL?
    /// Mock files larger than this are not read (a finding says so).
    public var maxMockBytes = MockDirectory.defaultMaxFileBytes
    /// Where environment samples and credentials come from.
    public var environment: [String: String]
    /// Makes `.unique` samples unique to this run.
    public var runID: String
    /// Probe the auth promises the API declares (dead token, missing token, revoked, logged-out
    /// and refreshed tokens).
    public var probes: Bool
    /// Only these probes (`--probes LIST`); nil for every one the API declares.
    public var probeFilter: Set<AuthProbe>?
    /// Check only the endpoints whose method is safe (GET, HEAD, OPTIONS) and send no other
    /// request but the session's own (`API.isSentReadingOnly`): a read that needs a write first
    /// is skipped, saying which.
    public var readsOnly = false
    /// Endpoints the run never sends (`--except`): not checked, and not sent as what another
    /// needs first. One that needs such an endpoint first is skipped, saying which: a skip the
    /// run was asked for (`SkipReason.isChosen`), as `readsOnly`'s.
    public var excluded: Set<String> = []
    /// The endpoints declared `endingIdentity()` the run checks, after everything else, and those
    /// declared `actingOnExisting()` it sends: those `--only` names by their own ids (a shard's
    /// cut aside); nil for those in `only`. The others are not checked.
    public var identityEndingsNamed: Set<String>?
    /// Send the endpoints' declared error checks (`--no-error-checks`: none).
    public var errorChecks = true
    /// A server certificate expiring within this many days is a warning.
    public var certificateWarningDays = 14
    /// Every request carries a W3C `traceparent` of this trace, a span per step; nil: none does.
    public var traceContext: TraceContext?

    public init(
        baseURL: URL, only: Set<String>? = nil, concurrency: Int = 8, strict: Bool = false,
        mocksDirectory: URL? = nil, environment: [String: String] = [:],
        runID: String = LiveOptions.makeRunID(), probes: Bool = true, probeFilter: Set<AuthProbe>? = nil,
        errorChecks: Bool = true
    ) {
        self.probeFilter = probeFilter
        self.errorChecks = errorChecks
        self.baseURL = baseURL
        self.only = only
        self.concurrency = concurrency
        self.strict = strict
        self.mocksDirectory = mocksDirectory
        self.environment = environment
        self.runID = runID
        self.probes = probes
    }

    /// Whether the run checks `endpoint`: it is among `only` and not `excluded`, and a read when
    /// `readsOnly`.
    public func selects(_ endpoint: AnyEndpoint) -> Bool {
        (only?.contains(endpoint.id) ?? true) && !excluded.contains(endpoint.id) && (!readsOnly || endpoint.readsOnly)
    }

    /// A short id unique enough across runs on one staging: time plus randomness, base 36.
    public static func makeRunID() -> String {
        let time = UInt64(Date().timeIntervalSince1970 * 1000)
        return String(time, radix: 36) + String(UInt32.random(in: 0..<UInt32.max) % 46656, radix: 36)
    }
}
