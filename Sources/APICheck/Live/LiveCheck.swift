import Foundation
import Synchronization

/// `apicheck live`: calls every declared endpoint on a real server through `APIClient`, judges
/// each answer (transport, status, envelope, decode, drift against the mocks), probes the auth
/// failure paths, and returns one `Report`.
///
/// The run is a `LivePlan`: a small graph of steps (logins, checks, probes, logout), each with the
/// token and samples it needs. `PlanExecutor` runs it with bounded concurrency; a step's outcome
/// carries the token it issued, and later steps read tokens from there only.
public final class LiveCheck: Sendable {
    public let api: API
    public let transport: any Transport
    public let options: LiveOptions
    public let redactor: Redactor
    let trace: (@Sendable (String) -> Void)?
    private let progress: (@Sendable (_ done: Int, _ total: Int, _ failed: Int) -> Void)?
    /// Gets every answer the run receives, raw, as its step ends (`apicheck record`).
    let exchanges: (@Sendable (LiveExchange) -> Void)?
    let samples: SampleResolver
    /// The client every step calls through. Steps give their token explicitly, so its session
    /// holds nothing anyone reads.
    let client: APIClient
    /// Read once per run, shared by every check: drift baselines and the login's refusal codes.
    let mocks: MockDirectory?
    /// Every request goes through it: the report names each HTTPS target's certificate.
    let certificates: CertificateRecorder

    struct State {
        var done = 0
        var failed = 0
        var total = 0
        var runFindings: [Finding] = []
        var login: LoginVerdict?
        var deadTokens: [LiveStep.ID: String] = [:]
    }

    let state = Mutex(State())

    public init(api: API, transport: any Transport, options: LiveOptions, redactor: Redactor? = nil,
                trace: (@Sendable (String) -> Void)? = nil,
                progress: (@Sendable (_ done: Int, _ total: Int, _ failed: Int) -> Void)? = nil,
                exchanges: (@Sendable (LiveExchange) -> Void)? = nil) {
        self.exchanges = exchanges
        self.api = api
        self.transport = transport
        self.options = options
        let redactor = redactor ?? api.makeRedactor()
        self.redactor = redactor
        self.trace = trace
        self.progress = progress
        samples = SampleResolver(environment: options.environment, runID: options.runID)
        certificates = CertificateRecorder(transport)
        client = APIClient(api: api, baseURL: options.baseURL, transport: certificates, redactor: redactor, trace: trace)
        mocks = options.mocksDirectory.map { MockDirectory($0, api: api, maxFileBytes: options.maxMockBytes) }
    }

    public func run() async -> Report {
        let started = Date()
        // A user or password in the base URL is a credential; so is the password variable. The
        // account name is not, and masking it would mangle every answer that happens to hold it.
        for part in [options.baseURL.user(percentEncoded: false), options.baseURL.password(percentEncoded: false),
                     api.auth.loginEndpoint == nil ? nil : options.environment[api.auth.passwordVariable]] {
            if let part, !part.isEmpty { redactor.register(part) }
        }
        redactor.registerCredentials(in: options.baseURL)
        var report = Report(command: .live, api: api.name, target: redactor.display(options.baseURL),
                            startedAt: started, concurrency: options.concurrency, strict: options.strict)
        let selected = api.endpoints.filter { options.only?.contains($0.id) ?? true }
        // A mock answers one file whatever the cursor: paging is judged against servers only.
        let plan = LivePlan(api: api, selected: selected, probes: options.probes, paging: !(transport is MockTransport))
        state.withLock { $0.total = plan.reportedCount }
        if plan.login == nil, let needing = selected.first(where: \.requiresToken) {
            let message = api.auth.loginEndpoint.map { "the auth policy names login endpoint '\($0)', which is not declared" }
                ?? "\(needing.id) needs the token, but the API declares no login"
            report.runFindings.append(Finding(kind: .login, severity: .error, category: .harness,
                                              endpoint: api.auth.loginEndpoint ?? needing.id, message: message))
        }

        let outcomes = await PlanExecutor(plan: plan, concurrency: options.concurrency).run(
            perform: { step, known in await self.perform(step, plan: plan, known: known) },
            skip: { step, reason in self.skipped(step, reason) },
            settle: { step, outcome in
                var outcome = outcome
                outcome.result = outcome.result.map(self.finish)
                let unreachable = step.id == plan.login && self.state.withLock({ $0.login }) == .unreachable
                return (outcome, unreachable ? "the target is unreachable" : nil)
            })
        report.runFindings += state.withLock { $0.runFindings }
        report.runFindings += certificates.findings(now: Date(), warningDays: options.certificateWarningDays)

        let results = plan.steps.compactMap { step in outcomes[step.id]?.result.map { (step, $0) } }
        let checks = Dictionary(results.filter { $0.1.role == .endpoint }.map { ($0.1.endpoint, $0.1) }, uniquingKeysWith: { first, _ in first })
        report.results = selected.map { checks[$0.id] ?? finish(Self.skippedResult($0, "not checked")) }
            + Self.probeOrder(results.filter { $0.1.role == .probe }, selected: selected)
            + results.filter { $0.1.role == .paging }.map(\.1)
        if report.runFindings.allSatisfy({ $0.kind != .unreachable }) {
            let stalled = outcomes.values.filter { $0.stalled && $0.result != nil }.count
            let endpointResults = report.endpointResults
            if stalled > 0 {
                report.runFindings.append(Finding(
                    kind: .unreachable, severity: .error, category: .harness, endpoint: nil,
                    message: "\(report.target) stopped answering: requests timed out with no answer in the meantime; "
                        + "\(stalled) checks were skipped"))
            } else if !endpointResults.isEmpty, endpointResults.allSatisfy({ $0.findings.contains(where: Self.meansUnreachable) }) {
                report.runFindings.append(Finding(kind: .unreachable, severity: .error, category: .harness, endpoint: nil,
                                                  message: "no endpoint of \(report.target) could be reached or answered in time"))
            }
        }
        // Whatever the server put in the report (a token, the password, a secret path parameter)
        // is masked here, once, when every secret of the run is known.
        report = redactor.redact(report)
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    /// Probes as the report lists them: per endpoint, the dead token then the revoked one; the
    /// logout endpoint's last; the logged-out probe at the very end.
    private static func probeOrder(_ probes: [(LiveStep, CheckResult)], selected: [AnyEndpoint]) -> [CheckResult] {
        func key(_ entry: (LiveStep, CheckResult)) -> (Int, Int, Int) {
            guard case let .probe(probe, endpoint) = entry.0.action else { return (3, 0, 0) }
            let index = selected.firstIndex { $0.id == endpoint.id } ?? 0
            switch probe {
            case .loggedOut: return (2, index, 0)
            case .refresh, .replacedToken, .reusedRefreshToken, .deadRefreshToken:
                return (3, index, AuthProbe.allCases.firstIndex(of: probe) ?? 0)
            case .tokenExpired, .missingToken, .revoked:
                return (endpoint.sessionEffect == .logsOut ? 1 : 0, index, AuthProbe.allCases.firstIndex(of: probe) ?? 0)
            }
        }
        return probes.sorted { key($0) < key($1) }.map(\.1)
    }

    /// Refused, DNS, TLS, or no answer in time: for login, or for every endpoint, the target as a whole.
    static func meansUnreachable(_ finding: Finding) -> Bool {
        finding.kind == .unreachable || finding.kind == .timeout || finding.kind.isTLSFailure
    }

    /// Counts the result for progress and hands it back.
    /// Once per result: the executor settles each outcome once.
    private func finish(_ result: CheckResult) -> CheckResult {
        let (done, total, failed) = state.withLock { state -> (Int, Int, Int) in
            state.done += 1
            if !result.passed { state.failed += 1 }
            return (state.done, state.total, state.failed)
        }
        progress?(done, total, failed)
        return result
    }

    /// A step that did not run, with the reason its result gives; nothing for an unreported step.
    func skipped(_ step: LiveStep, _ reason: String) -> StepOutcome {
        switch step.action {
        case let .check(endpoint, reported):
            return .skipped(reported ? Self.skippedResult(endpoint, reason) : nil)
        case .paging:
            // The endpoint's own result says why it was not checked; its second page adds nothing.
            return .skipped(nil)
        case let .probe(probe, endpoint):
            // Without the session's token no probe has anything to try: they are left out.
            guard state.withLock({ $0.login }) == .loggedIn else { return .skipped(nil) }
            return .skipped(CheckResult(name: "probe \(probe.rawValue) \(endpoint.id)", role: .probe, endpoint: endpoint.id,
                                        method: endpoint.method.rawValue, path: endpoint.path, skipped: reason))
        }
    }

    private static func skippedResult(_ endpoint: AnyEndpoint, _ reason: String) -> CheckResult {
        CheckResult(name: endpoint.id, role: .endpoint, endpoint: endpoint.id, method: endpoint.method.rawValue,
                    path: endpoint.path, skipped: reason)
    }

    /// The request path relative to the base URL, with path parameters filled in.
    func displayPath(_ url: URL) -> String {
        URLDisplay.path(url, relativeTo: options.baseURL)
    }
}
