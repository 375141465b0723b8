import Foundation

/// `apicheck record`: a live run (the same plan as `apicheck live`: login, samples, order, probes)
/// whose answers become mocks. Each selected endpoint's success answer becomes its mock; with
/// probes, the dead-token probe's answer becomes `@expired` and the revoked-token probe's
/// `@logout`, with the statuses they really came with. An endpoint the probes leave alone (a POST
/// not declared safe to probe) gets the dead-token answer another endpoint of the run received:
/// the API declares one dead-token answer for all. Everything goes through `MockWriter`.
/// A paging check's next page is no mock of its own. Each declared error check's answer, when it is
/// the failure declared, becomes its scenario's mock, with the status it came with pinned in the
/// name unless it is 200 (`status_show@not_found.json`, `query@bad_data.400.json`).
public struct MockRecorder: Sendable {
    public let api: API
    public let transport: any Transport
    /// The run's settings; `mocksDirectory` is where mocks are written (and drift is read from).
    public let options: LiveOptions
    public let writer: MockWriter
    public let redactPaths: [JSONPath]

    public init(
        api: API, transport: any Transport, options: LiveOptions, directory: URL, redactPaths: [JSONPath] = [],
        dryRun: Bool = false, force: Bool = false
    ) {
        var options = options
        options.mocksDirectory = directory
        self.api = api
        self.transport = transport
        self.options = options
        self.redactPaths = redactPaths
        writer = MockWriter(api: api, directory: directory, dryRun: dryRun, force: force, maxFileBytes: options.maxMockBytes)
    }

    /// Runs the live run, `observers` following it beside the recorder's own, and writes the mocks.
    public func run(redactor: Redactor? = nil, observers: [any LiveRunObserver] = []) async -> MockRecording {
        let answers = ReceivedAnswers()
        let check = LiveCheck(
            api: api, transport: transport, options: options, redactor: redactor,
            observers: observers + [answers])
        var report = await check.run()
        report.command = .record
        // Plan order, not arrival order: placeholders are ranked by it, so a second run writes the same bytes.
        var received = answers.takeAll()
        received.sort { $0.step < $1.step }
        let placeholders = SecretPlaceholders(api: api, paths: redactPaths)
        register(received, in: placeholders)

        var candidates: [MockCandidate] = []
        var notRecorded: [Finding] = []
        let selected = api.endpoints.filter(options.selects)
        // One success candidate per endpoint at least: grown by doubling, the array would hold its
        // old and new buffers at once.
        candidates.reserveCapacity(selected.count)
        // By endpoint, once: looking them up per endpoint would scan every exchange each time. As
        // positions, not copies: the exchanges are the largest thing a big recording holds.
        let byEndpoint = Dictionary(grouping: received.indices, by: { received[$0].endpoint })
        let results = Dictionary(
            report.results.filter { $0.role == .endpoint }.map { ($0.endpoint, $0) }, uniquingKeysWith: { first, _ in first })
        for endpoint in selected {
            let own = (byEndpoint[endpoint.id] ?? []).map { received[$0] }
            let checks = own.filter { if case .check = $0.role { true } else { false } }
            let check = checks.first { $0.role == .check(reported: true) } ?? checks.first
            let result = results[endpoint.id]
            switch candidate(check, endpoint: endpoint, scenario: nil) {
            case var .some(candidate):
                candidate.headers = check?.headers
                candidate.violations = result?.findings.filter { $0.severity == .error && $0.category == .contract } ?? []
                candidates.append(candidate)
            case nil:
                // Named after its cause (a sample it had no value for, a decode error): the mock
                // file may well be there.
                notRecorded.append(
                    Self.notRecorded(
                        endpoint, scenario: nil,
                        why: result?.findings.first?.summaryLine
                            ?? result?.skipped?.rawValue ?? "no answer",
                        kind: result?.findings.first?.kind ?? .missingMock))
            }
            for errorCheck in endpoint.sentErrorChecks {
                let scenario = errorCheck.scenario
                // A replayed answer is the same whatever the input: the check was not judged.
                guard let exchange = own.first(where: { if case .errorCheck(scenario, _) = $0.role { true } else { false } }),
                    !exchange.isReplayed
                else { continue }
                if case .errorCheck(_, accepted: false) = exchange.role {
                    let found = "HTTP \(exchange.status), " + (exchange.classification?.name ?? "no classification")
                    notRecorded.append(
                        Self.notRecorded(
                            endpoint, scenario: scenario,
                            why: "the error check's answer is \(found), expected \(errorCheck.expectedDescription)"))
                } else if let candidate = candidate(exchange, endpoint: endpoint, scenario: scenario) {
                    candidates.append(candidate)
                } else {
                    notRecorded.append(Self.notRecorded(endpoint, scenario: scenario, why: "the error check's answer is not JSON"))
                }
            }
            // The refresh endpoint's refusal, from the dead-refresh-token probe's answer.
            if options.probes, endpoint.sessionEffect == .refreshes,
                let exchange = own.first(where: { if case .probe(.deadRefreshToken, _, true) = $0.role { true } else { false } }),
                let candidate = candidate(exchange, endpoint: endpoint, scenario: ScenarioName.refused)
            {
                candidates.append(candidate)
            }
            guard options.probes, endpoint.requiresToken else { continue }
            if !endpoint.isProbed {
                if let exchange = Self.acceptedDeadTokenAnswer(in: received),
                    let candidate = candidate(exchange, endpoint: endpoint, scenario: ScenarioName.expired)
                {
                    candidates.append(candidate)
                }
                continue
            }
            for (probe, scenario) in [(AuthProbe.tokenExpired, ScenarioName.expired), (AuthProbe.revoked, ScenarioName.logout)] {
                guard let exchange = own.first(where: { if case .probe(probe, _, _) = $0.role { true } else { false } }) else {
                    continue
                }
                if case let .probe(_, expected, false) = exchange.role {
                    let found = exchange.classification?.name ?? "none"
                    notRecorded.append(
                        Self.notRecorded(
                            endpoint, scenario: scenario,
                            why: "the probe's answer is \(found), expected \(expected)"))
                    continue
                }
                if let candidate = candidate(exchange, endpoint: endpoint, scenario: scenario) {
                    candidates.append(candidate)
                } else {
                    notRecorded.append(Self.notRecorded(endpoint, scenario: scenario, why: "the probe's answer is not JSON"))
                }
            }
        }
        let files = writer.write(candidates, placeholders: placeholders)
        return MockRecording(
            report: report, files: files,
            notRecorded: notRecorded.map { finding in
                var finding = finding
                finding.message = placeholders.redact(text: check.redactor.redact(finding.message))
                return finding
            }, force: writer.force)
    }

    /// The first dead-token probe answer of the run that classified as declared.
    private static func acceptedDeadTokenAnswer(in exchanges: [RecordedAnswer]) -> RecordedAnswer? {
        exchanges.first { exchange in
            if case .probe(.tokenExpired, _, true) = exchange.role { true } else { false }
        }
    }

    private func candidate(_ exchange: RecordedAnswer?, endpoint: AnyEndpoint, scenario: ScenarioName?) -> MockCandidate? {
        guard let exchange else { return nil }
        if scenario == nil {
            guard case .success = exchange.classification else { return nil }
            // A declared redirect is its status and where it points (`RedirectMock`).
            if endpoint.redirectStatuses.contains(exchange.status) {
                guard let location = exchange.location else { return nil }
                return MockCandidate(
                    endpoint: endpoint, scenario: nil, status: exchange.status, document: RedirectMock.document(location: location))
            }
            // A success of an endpoint that takes bytes or JSON which is no JSON came in another
            // media type (as JSON it would be no success): a download, kept as it came too.
            if endpoint.answersBytes
                || (endpoint.acceptsBytes && !MockDirectory.isBlank(exchange.body) && (try? JSONParser.parse(exchange.body)) == nil)
            {
                var candidate = MockCandidate(endpoint: endpoint, scenario: nil, status: exchange.status, document: .null)
                candidate.bytes = exchange.body
                candidate.isDownload = !endpoint.answersBytes
                return candidate
            }
            // An endpoint that answers nothing (`NoContent`): its mock is the empty body.
            if endpoint.acceptsEmptyBody, MockDirectory.isBlank(exchange.body) {
                var candidate = MockCandidate(endpoint: endpoint, scenario: nil, status: exchange.status, document: .null)
                candidate.isEmpty = true
                return candidate
            }
        }
        guard let document = try? JSONParser.parse(exchange.body) else {
            // A token variant told by its status alone whose answer is no JSON (MLflow's HTML
            // 401): its mock is the empty body, as the audit and serve read one; the page's text
            // is the server's, not the API's.
            guard let scenario, api.isToldByStatus(scenario, of: endpoint) else { return nil }
            var candidate = MockCandidate(endpoint: endpoint, scenario: scenario, status: exchange.status, document: .null)
            candidate.isEmpty = true
            return candidate
        }
        var candidate = MockCandidate(endpoint: endpoint, scenario: scenario, status: exchange.status, document: document)
        if endpoint.recordsVerbatim { candidate.bytes = exchange.body }
        return candidate
    }

    /// Every secret of the run, in plan order: tokens issued and sent, the password, secret
    /// parameters' samples, credentials in the base URL.
    private func register(_ exchanges: [RecordedAnswer], in placeholders: SecretPlaceholders) {
        for exchange in exchanges {
            if let issued = exchange.issuedToken { placeholders.register(issued, as: .token) }
            for secret in exchange.sentToken.map(api.auth.secrets(of:)) ?? [] { placeholders.register(secret, as: .token) }
        }
        if let password = options.environment[api.auth.passwordVariable], !password.isEmpty {
            placeholders.register(password, as: .password)
        }
        let names = api.redactedFields
        for endpoint in api.endpoints {
            for parameter in endpoint.sampledValues where parameter.secret || names.contains(parameter.name) {
                switch parameter.sample {
                case let .literal(value)?: placeholders.register(value.text, as: .password)
                case .environment?, .environmentOr?:
                    if let name = parameter.sample?.variable, let value = options.environment[name], !value.isEmpty {
                        placeholders.register(value, as: .password)
                    }
                default: break
                }
            }
        }
        // Unique samples (`apicheck_<run id>`) come back in answers; the run id is the part that changes.
        placeholders.pin(options.runID, to: "recorded")
        for part in [options.baseURL.user(percentEncoded: false), options.baseURL.password(percentEncoded: false)] {
            if let part, !part.isEmpty { placeholders.register(part, as: .password) }
        }
    }

    static func notRecorded(_ endpoint: AnyEndpoint, scenario: ScenarioName?, why: String, kind: FindingKind = .missingMock) -> Finding {
        let file = MockFileName(mock: endpoint.mock, scenario: scenario).description
        return Finding(
            kind: kind, severity: .warning, category: .harness, endpoint: endpoint.id,
            message: "\(file) not recorded: \(why)")
    }
}
