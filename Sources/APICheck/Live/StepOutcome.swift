/// What a step of a live run yields: its result for the report, the token its answer issued, and
/// the answer itself for the samples of later steps. Later steps read tokens from here only.
struct StepOutcome: Sendable {
    /// Nil when the step reports nothing (an unreported login, or a probe with no token to try).
    var result: CheckResult?
    /// The token a login's answer issued, when the answer succeeded and decoded.
    var issuedToken: String?
    /// The refresh token a login's or a refresh's answer issued, where the API has refresh tokens.
    var issuedRefreshToken: String?
    /// The answer's document, when it classified as success.
    var document: JSONValue?
    /// The call succeeded (what a logout step must have done before a logged-out probe).
    var succeeded = false
    /// An HTTP answer came, whatever it said.
    var answered = false
    /// No answer came in time.
    var timedOut = false
    /// Skipped because the target stopped answering mid-run (`PlanExecutor`).
    var stalled = false
    /// The raw request and answer, and how it classified, for a run's exchange observer. Handed
    /// over and dropped as soon as the step is over: outcomes live for the whole run.
    var exchange: Exchange?
    var classification: Classification?

    static func skipped(_ result: CheckResult?) -> StepOutcome { StepOutcome(result: result) }
}
