/// The outcome of checking one endpoint, or one auth probe, in a run.
public struct CheckResult: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// The endpoint's own check.
        case endpoint
        /// An auth probe of the endpoint.
        case probe
        /// The endpoint's next page, asked with the declared cursor.
        case paging
        /// A failure the endpoint declares it can be made to give (`ErrorCheck`), provoked on purpose.
        case errorCheck = "error-check"
    }

    /// The endpoint id, or the probe's, paging check's or error check's name (`probe token-expired
    /// statuses.homeTimeline`, `error-check not_found statuses.show`).
    public var name: String
    public var role: Role
    /// The auth failure path a probe tried; nil for any other role.
    public var probe: AuthProbe?
    /// The scenario an error check provoked (`not_found`); nil for any other role.
    public var scenario: ScenarioName?
    public var endpoint: String
    public var method: String
    /// The declared path template (`statuses/{id}`).
    public var path: String
    /// The path actually requested, relative to the base URL, parameters filled in and secret
    /// ones masked (`statuses/4130540976425200`); nil when nothing was sent.
    public var requestPath: String?
    /// The request as it was sent, secrets as shell variables: what the reproduce command sends.
    public var request: SentRequest?
    /// The W3C `traceparent` the step's requests carried, so that a backend's traces find them.
    public var traceparent: String?
    /// The reproduce command as read back from a JSON report, where the request itself is gone.
    public var readReproduceCommand: String?
    /// The HTTP status of the answer, when one came.
    public var status: Int?
    /// What the answer classified as (`Classification`), without its payload: `success`,
    /// `.forcedLogout` (named `logout`), `tokenExpired`, `failure(10002)`, ... Reports write its
    /// name as `outcome`.
    public var classification: ClassificationSummary?
    public var timings: Timings?
    public var findings: [Finding]
    /// Why the check did not run, when it did not (e.g. login failed).
    public var skipped: SkipReason?

    public init(
        name: String, role: Role, endpoint: String, method: String, path: String, status: Int? = nil,
        classification: ClassificationSummary? = nil, timings: Timings? = nil, findings: [Finding] = [], skipped: SkipReason? = nil,
        requestPath: String? = nil, request: SentRequest? = nil, probe: AuthProbe? = nil, scenario: ScenarioName? = nil
    ) {
        self.request = request
        self.scenario = scenario
        self.probe = probe
        self.name = name
        self.role = role
        self.endpoint = endpoint
        self.method = method
        self.path = path
        self.status = status
        self.classification = classification
        self.timings = timings
        self.findings = findings
        self.skipped = skipped
        self.requestPath = requestPath
    }

    /// The curl command that sends the request again, when one was sent.
    public var reproduceCommand: String? {
        request.map(ReproduceCommand.curl) ?? readReproduceCommand
    }

    /// The path a person is shown: the one requested when there was one, else the template.
    /// The path requested, else the template; the base URL itself, which is relative to itself
    /// an empty path, as `/`, where an empty column would read as a missing one.
    public var displayPath: String {
        let shown = requestPath ?? path
        return shown.isEmpty || shown.hasPrefix("?") ? "/" + shown : shown
    }

    public var passed: Bool { skipped == nil && !findings.contains { $0.severity == .error } }

    public func passed(strict: Bool) -> Bool {
        passed && !(strict && findings.contains { $0.severity == .warning })
    }
}
