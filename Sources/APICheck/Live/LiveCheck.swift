import Foundation

/// `apicheck live`: calls every declared endpoint on a real server through `APIClient`, judges
/// each answer (transport, status, envelope, decode, drift against the mocks), probes the auth
/// failure paths, and returns one `Report`.
///
/// The run is a `LivePlan`: a small graph of steps (logins, checks, probes, paging, logout), each
/// with the token and samples it needs. `PlanExecutor` runs it with bounded concurrency. A step's
/// `StepOutcome` carries all it yields (later steps read tokens and samples from there only), the
/// observers get each outcome's result and raw answer as it ends, and `LiveReport` makes the
/// report from the plan and the outcomes.
public final class LiveCheck: Sendable {
    public let api: API
    public let transport: any Transport
    public let options: LiveOptions
    public let redactor: Redactor
    /// Follows the run: the console's progress and trace, `apicheck record`'s answers.
    let observer: LiveRunObservers
    let samples: SampleResolver
    /// The client every step calls through. Steps give their token explicitly, so its session
    /// holds nothing anyone reads.
    let client: APIClient
    /// Read once per run, shared by every check: drift baselines and the login's refusal codes.
    let mocks: MockDirectory?
    /// Every request goes through it: the report names each HTTPS target's certificate.
    let certificates: CertificateRecorder
    /// The token issued beforehand, watched for a write that ends it mid-run.
    let tokenWatch = TokenWatch()
    /// The session's tokens, renewed through the refresh endpoint when one dies mid-run.
    let renewal = SessionRenewal()

    public init(
        api: API, transport: any Transport, options: LiveOptions, redactor: Redactor? = nil,
        observers: [any LiveRunObserver] = []
    ) {
        let observer = LiveRunObservers(all: observers)
        self.observer = observer
        self.api = api
        self.transport = transport
        self.options = options
        let redactor = redactor ?? api.makeRedactor()
        self.redactor = redactor
        samples = SampleResolver(environment: options.environment, runID: options.runID)
        certificates = CertificateRecorder(options.traceContext == nil ? transport : TraceContextTransport(base: transport))
        var trace: (@Sendable (String) -> Void)?
        if observer.tracesRequests { trace = { observer.traced($0) } }
        client = APIClient(api: api, baseURL: options.baseURL, transport: certificates, redactor: redactor, trace: trace)
        mocks = options.mocksDirectory.map { MockDirectory($0, api: api, maxFileBytes: options.maxMockBytes) }
    }

    public func run() async -> Report {
        let started = Date()
        // A user or password in the base URL is a credential; so is the password variable. The
        // account name is not, and masking it would mangle every answer that happens to hold it.
        for part in [
            options.baseURL.user(percentEncoded: false), options.baseURL.password(percentEncoded: false),
            api.auth.loginEndpoint == nil ? nil : options.environment[api.auth.passwordVariable],
        ] {
            if let part, !part.isEmpty { redactor.register(part) }
        }
        redactor.registerCredentials(in: options.baseURL)
        // A token issued beforehand is a secret wherever it shows, though no endpoint of the
        // selection sends it as the token: a sample reading the same variable puts it in a URL.
        if api.auth.isIssuedBeforehand, let token = api.auth.tokenIssuedBeforehand(in: options.environment) {
            api.auth.secrets(of: token).forEach(redactor.register)
        }
        var report = Report(
            command: .live, api: api.name, target: redactor.display(options.baseURL),
            startedAt: started, concurrency: options.concurrency, strict: options.strict)
        let selected = api.endpoints.filter(options.selects)
        report.plan = selected.map(\.id)
        let whole = options.wholeRun.map { ids in
            api.endpoints.filter { ids.contains($0.id) && !options.excluded.contains($0.id) && (!options.readsOnly || $0.readsOnly) }
        }
        let plan = LivePlan(
            api: api, selected: selected, probes: options.probes, probeFilter: options.probeFilter, whole: whole,
            errorChecks: options.errorChecks, readsOnly: options.readsOnly, excluded: options.excluded,
            endingIdentity: options.identityEndingsNamed ?? options.only ?? [])
        observer.runStarted(results: plan.reportedCount)
        let outcomes = await PlanExecutor(plan: plan, concurrency: options.concurrency).run(
            perform: { step, known in
                await TraceContext.$current.withValue(self.options.traceContext?.traceparent()) {
                    await self.perform(step, plan: plan, known: known)
                }
            },
            observe: { [observer] _, outcome in
                if let exchange = outcome.exchange { observer.received(exchange) }
                if let result = outcome.result { observer.resultReady(result) }
            })
        let certificates = certificates.findings(now: Date(), warningDays: options.certificateWarningDays)
        report = LiveReport.make(report, api: api, plan: plan, selected: selected, outcomes: outcomes, certificates: certificates)
        report.runFindings += renewalFindings()
        // Whatever the server put in the report (a token, the password, a secret path parameter)
        // is masked here, once, when every secret of the run is known.
        redactor.redact(&report)
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    /// Refused, DNS, TLS, or no answer in time: for login, or for every endpoint, the target as a whole.
    static func meansUnreachable(_ finding: Finding) -> Bool {
        finding.kind == .unreachable || finding.kind == .timeout || finding.kind.isTLSFailure
    }

    /// The request path relative to the base URL, with path parameters filled in.
    func displayPath(_ url: URL) -> String {
        URLDisplay.path(url, relativeTo: options.baseURL)
    }
}
