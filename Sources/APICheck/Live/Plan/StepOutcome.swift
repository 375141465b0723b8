import Foundation

/// Everything a step of a live run yields, in one value: its result for the report, the token its
/// answer issued, the answer's document for the samples of later steps, the session login's
/// verdict and the run findings it explains, and the raw exchange for the run's observers. Later
/// steps read tokens and samples from here only, and the report is made from the outcomes alone.
/// A new kind of step yields its product by filling these in.
struct StepOutcome: Sendable {
    /// Nil when the step reports nothing (an unreported login, or a probe with no token to try).
    var result: CheckResult?
    /// The token a login's answer issued, when the answer succeeded and decoded.
    var issuedToken: String?
    /// A token shaped like `issuedToken` that the server never issued: the one dead token every
    /// dead-token probe of this login sends, as a client holding a stale token would.
    var deadToken: String?
    /// The refresh token a login's or a refresh's answer issued, where the API has refresh tokens.
    var issuedRefreshToken: String?
    /// The answer's document, when it classified as success; only what later steps read of it.
    var document: JSONValue?
    /// What later steps read of the JSON body the request sent (`.sent` samples), once it succeeded.
    var sentBody: JSONValue?
    /// What the session's login means for the rest of the run (the login step only).
    var login: LoginVerdict?
    /// Problems of the whole run the step found (why the login failed).
    var runFindings: [Finding] = []
    /// Why the run must stop after this step (the target cannot be reached); nil to go on.
    var stopsRun: SkipReason?
    /// The call succeeded (what a logout step must have done before a logged-out probe).
    var succeeded = false
    /// An HTTP answer came, whatever it said.
    var answered = false
    /// No answer came in time.
    var timedOut = false
    /// Skipped because the target stopped answering mid-run (`PlanExecutor`).
    var stalled = false
    /// Where the endpoint's own answer came from and its headers, for its paging step when the
    /// next page is named by a header or resolved against that URL: kept, the first page is not
    /// asked for twice. Nil for other steps, and for a replayed answer.
    var firstPage: FirstPage?
    /// The answer was a mock's: a page of it says nothing of how the server cuts its pages.
    var replayed = false
    /// The raw request and answer, for the run's observers. Handed over and dropped as soon as
    /// the step is over: outcomes live for the whole run, and bodies can be large.
    var exchange: LiveExchange? {
        get { exchangeBox?.exchange }
        set { exchangeBox = newValue.map(ExchangeBox.init) }
    }

    /// Behind a reference: every outcome of a run is kept until its report is made, after its
    /// exchange is dropped, and the exchange's room inline (a request, an answer, the endpoint)
    /// would be paid by every outcome, exchange or not.
    var exchangeBox: ExchangeBox?

    struct FirstPage: Sendable {
        var headers: [(name: String, value: String)]
        var url: URL
    }

    final class ExchangeBox: Sendable {
        let exchange: LiveExchange
        init(_ exchange: LiveExchange) { self.exchange = exchange }
    }
}
