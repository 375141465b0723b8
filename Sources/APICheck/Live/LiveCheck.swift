import Foundation
import Synchronization

/// `apicheck live`: calls every declared endpoint on a real server through `APIClient`, judges
/// each answer (transport, status, envelope, decode, drift against the mocks), probes the auth
/// failure paths, and returns one `Report`.
///
/// The run is ordered by session effects: one login first; then every endpoint without a session
/// effect, concurrently (endpoints whose samples come from another's answer wait for it); then
/// the auth probes; then the other logins and the logout, each with a client of its own.
public final class LiveCheck: Sendable {
    public let api: API
    public let transport: any Transport
    public let options: LiveOptions
    public let redactor: Redactor
    private let trace: (@Sendable (String) -> Void)?
    private let progress: (@Sendable (_ done: Int, _ total: Int, _ failed: Int) -> Void)?

    private struct State {
        var seen: [String: JSONValue] = [:]
        var done = 0
        var failed = 0
        var total = 0
    }

    private let state = Mutex(State())

    public init(api: API, transport: any Transport, options: LiveOptions, redactor: Redactor? = nil,
                trace: (@Sendable (String) -> Void)? = nil,
                progress: (@Sendable (_ done: Int, _ total: Int, _ failed: Int) -> Void)? = nil) {
        self.api = api
        self.transport = transport
        self.options = options
        self.redactor = redactor ?? api.makeRedactor()
        self.trace = trace
        self.progress = progress
    }

    private func client(_ session: Session = Session()) -> APIClient {
        APIClient(api: api, baseURL: options.baseURL, transport: transport, session: session, redactor: redactor, trace: trace)
    }

    public func run() async -> Report {
        let started = Date()
        // A user or password in the base URL is a credential; so is the password variable. The
        // account name is not, and masking it would mangle every answer that happens to hold it.
        for part in [options.baseURL.user(percentEncoded: false), options.baseURL.password(percentEncoded: false),
                     options.environment[api.auth.passwordVariable]] {
            if let part, !part.isEmpty { redactor.register(part) }
        }
        var report = Report(command: "live", api: api.name, target: redactor.display(options.baseURL),
                            startedAt: started, concurrency: options.concurrency, strict: options.strict)
        let selected = api.endpoints.filter { options.only?.contains($0.id) ?? true }
        let tokenEndpoints = selected.filter(\.requiresToken)
        let loginEndpoint = api.endpoint(api.auth.loginEndpoint)
        let probeCount = options.probes ? tokenEndpoints.count * 2 + (loggedOutProbeTarget(tokenEndpoints) == nil ? 0 : 1) : 0
        state.withLock { $0.total = selected.count + probeCount }

        var results: [String: CheckResult] = [:]
        let session = Session()
        let main = client(session)

        // 1. The session's login.
        var credentialsRefused = false
        if let loginEndpoint, !tokenEndpoints.isEmpty || selected.contains(where: { $0.id == loginEndpoint.id }) {
            let outcome = await logIn(through: loginEndpoint, with: main, selected: selected, report: &report, results: &results)
            if outcome == .unreachable {
                report.results = selected.map { results[$0.id] ?? skipped($0, "the target is unreachable") }
                return finished(report, started)
            }
            credentialsRefused = outcome == .credentialsRefused
        } else if !tokenEndpoints.isEmpty {
            report.runFindings.append(Finding(kind: .login, severity: .error, category: .harness, endpoint: api.auth.loginEndpoint,
                                              message: "the auth policy names login endpoint '\(api.auth.loginEndpoint)', which is not declared"))
        }

        // 2. Every endpoint without a session effect, concurrently, in dependency levels.
        await checkConcurrently(selected.filter { $0.sessionEffect == .none }, with: main, token: session.token, results: &results)

        // 3. Auth probes: a dead token, a token revoked by a second login, a logged-out token.
        var probes: [CheckResult] = []
        if options.probes, !tokenEndpoints.isEmpty, let loginEndpoint, session.token != nil {
            probes = await runProbes(tokenEndpoints, login: loginEndpoint)
        }

        // 4. Endpoints that log in or out, one at a time, each with a login of its own.
        for endpoint in selected where endpoint.sessionEffect != .none && endpoint.id != loginEndpoint?.id {
            results[endpoint.id] = await checkSessionEffect(endpoint, login: loginEndpoint, credentialsRefused: credentialsRefused)
        }

        report.results = selected.map { results[$0.id] ?? skipped($0, "not checked") } + probes
        let endpointResults = report.endpointResults
        if !endpointResults.isEmpty, endpointResults.allSatisfy({ $0.findings.contains(where: Self.meansUnreachable) }) {
            report.runFindings.append(Finding(kind: .unreachable, severity: .error, category: .harness, endpoint: "-",
                                              message: "no endpoint of \(report.target) could be reached or answered in time"))
        }
        return finished(report, started)
    }

    private func finished(_ report: Report, _ started: Date) -> Report {
        var report = report
        report.runFindings = report.runFindings.map(redactor.redact)
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    private enum LoginOutcome { case loggedIn, unreachable, credentialsRefused, noToken }

    /// The session's login, and what its failure means for the run: a target that cannot be
    /// reached stops it (one timeout per endpoint would add nothing); refused credentials are a
    /// configuration problem, not a contract violation.
    private func logIn(through login: AnyEndpoint, with client: APIClient, selected: [AnyEndpoint],
                       report: inout Report, results: inout [String: CheckResult]) async -> LoginOutcome {
        let result = await check(login, with: client)
        if selected.contains(where: { $0.id == login.id }) { results[login.id] = result }
        if let cause = result.findings.first(where: Self.meansUnreachable) {
            report.runFindings.append(Finding(
                kind: .unreachable, severity: .error, category: .harness, endpoint: login.id,
                message: "cannot reach \(report.target): login through \(login.id) failed: \(cause.message)"))
            return .unreachable
        }
        if client.session.token != nil { return .loggedIn }
        let refusalCodes = self.refusalCodes(of: login)
        if let refusal = result.findings.first(where: {
            ($0.kind == .serverCode && (refusalCodes.isEmpty || $0.found.flatMap(Int.init).map(refusalCodes.contains) == true))
                || ($0.kind == .httpStatus && [401, 403].contains(result.status ?? 0))
        }) {
            results[login.id]?.findings = result.findings.map { finding in
                var finding = finding
                if finding.kind == refusal.kind { finding.category = .harness }
                return finding
            }
            report.runFindings.append(Finding(
                kind: .credentials, severity: .error, category: .harness, endpoint: login.id,
                message: "\(login.id) refused the account in \(api.auth.accountVariable) and "
                    + "\(api.auth.passwordVariable) (\(refusal.message)); check the credentials; "
                    + "endpoints that need the token were not checked"))
            return .credentialsRefused
        }
        // A login answer without a token breaks the contract; say so even when the login
        // endpoint itself is not among those selected for the report.
        let broken = result.findings.contains { $0.severity == .error && $0.category == .contract }
        report.runFindings.append(Finding(
            kind: .login, severity: .error, category: broken ? .contract : .harness, endpoint: login.id,
            message: "login through \(login.id) gave no token ("
                + (result.findings.first?.message ?? result.skipped ?? "no token in the answer")
                + "); endpoints that need the token were not checked"))
        return .noToken
    }

    /// The codes with which the login refuses credentials, as its failure mocks show them
    /// (`login@wrong_password.json`: 10002). Empty without mocks: then any failure code counts.
    private func refusalCodes(of login: AnyEndpoint) -> Set<Int> {
        guard let directory = options.mocksDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var codes: Set<Int> = []
        for name in names {
            guard let file = MockFileName(fileName: name), file.mock == login.mock, let scenario = file.scenario,
                  scenario != MockScenario.logout, scenario != MockScenario.expired,
                  let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                  let code = (try? JSONParser.parse(data))?[api.envelope.codeKey]?.int64Value else { continue }
            codes.insert(Int(code))
        }
        return codes
    }

    /// Each dependency level at once, up to the concurrency. The login's token goes explicitly:
    /// one endpoint answering 403 or 10504 must not end the session for the others still running.
    private func checkConcurrently(_ endpoints: [AnyEndpoint], with client: APIClient, token: String?,
                                   results: inout [String: CheckResult]) async {
        let choice = token.map(TokenChoice.explicit) ?? .session
        for level in dependencyLevels(endpoints) {
            var runnable: [AnyEndpoint] = []
            for endpoint in level {
                if endpoint.requiresToken && token == nil {
                    results[endpoint.id] = skipped(endpoint, "no token: the login failed")
                } else {
                    runnable.append(endpoint)
                }
            }
            for result in await bounded(runnable, { await self.check($0, with: client, token: choice) }) {
                results[result.endpoint] = result
            }
        }
    }

    /// An endpoint that logs in or out, with a client (and, when it needs the token, a login) of
    /// its own, so that it ends no session but its own.
    private func checkSessionEffect(_ endpoint: AnyEndpoint, login: AnyEndpoint?, credentialsRefused: Bool) async -> CheckResult {
        if credentialsRefused, usesCredentials(endpoint) {
            return skipped(endpoint, "the credentials were refused")
        }
        let own = client()
        if endpoint.requiresToken {
            if let login { _ = await own.call(login, (try? values(for: login)) ?? [:]) }
            guard own.session.token != nil else { return skipped(endpoint, "login failed") }
        }
        return await check(endpoint, with: own)
    }

    // MARK: - One endpoint

    /// Refused, DNS, TLS, or no answer in time: for login, or for every endpoint, the target as a whole.
    static func meansUnreachable(_ finding: Finding) -> Bool { finding.kind == .unreachable || finding.kind == .timeout }

    private func check(_ endpoint: AnyEndpoint, with client: APIClient, token: TokenChoice = .session) async -> CheckResult {
        var result = CheckResult(name: endpoint.id, role: .endpoint, endpoint: endpoint.id,
                                 method: endpoint.method.rawValue, path: endpoint.path)
        let values: [String: ParameterValue]
        do {
            values = try self.values(for: endpoint)
        } catch {
            result.findings.append(Finding(kind: .missingSample, severity: .error, category: .harness, endpoint: endpoint.id,
                                           message: error.message))
            return finish(result)
        }
        let outcome = await client.call(endpoint, values, token: token)
        if let exchange = outcome.exchange {
            result.status = exchange.response.status
            result.timings = exchange.response.timings
            result.path = displayPath(exchange.request.url)
            if let final = exchange.response.url, final.path != exchange.request.url.path {
                result.findings.append(Finding(kind: .redirect, severity: .info, endpoint: endpoint.id,
                                               message: "answered from \(Redactor.withoutQuery(final)) after a redirect"))
            }
        }
        result.outcome = outcome.classification?.name
        if let error = outcome.error {
            result.findings.append(finding(for: error, classification: outcome.classification))
        }
        if let interpretation = outcome.interpretation, case .success = interpretation.classification,
           let document = interpretation.document {
            state.withLock { $0.seen[endpoint.id] = document }
            result.findings += drift(endpoint, document: document, interpretation: interpretation)
        }
        return finish(result)
    }

    private func drift(_ endpoint: AnyEndpoint, document: JSONValue, interpretation: Interpretation) -> [Finding] {
        guard let directory = options.mocksDirectory else { return [] }
        switch MockBaseline.load(for: endpoint, in: directory, api: api) {
        case let .failure(error):
            return [Finding(kind: .missingMock, severity: .warning, endpoint: endpoint.id, message: error.message, file: error.file)]
        case let .success(baseline):
            // The envelope's own code and message are the envelope check's business; comparing them
            // with the mock would flag, say, a message the policy makes optional.
            let envelopeKeys = endpoint.enveloped
                ? [api.envelope.codeKey, api.envelope.messageKey].map { JSONPath.root.appending($0) } : []
            let reads = baseline.reads + interpretation.reads
            // Below a dictionary keys are data (Drift reports nothing there): no shape per entry.
            let found = Shape(of: document, skippingBelow: reads.filter(\.isMap).map(\.path))
            let changes = ShapeDiff.changes(expected: baseline.shape, found: found)
                .filter { !envelopeKeys.contains($0.path) }
            var failurePath: JSONPath?
            if let error = interpretation.error, case let .decoding(failure) = error.reason { failurePath = failure.path }
            // What the type reads is known from the mock, and from the live answer when it decoded.
            let findings = Drift.findings(changes, reads: reads, endpoint: endpoint.id,
                                          decodeFailure: failurePath, mockFile: baseline.file)
            return Self.capped(findings, endpoint: endpoint.id)
        }
    }

    /// The finding an error becomes, with what the envelope policy knows added: where the code
    /// sits and what it should have been.
    private func finding(for error: APIError, classification: Classification?) -> Finding {
        var finding = Finding(error)
        let codePath = JSONPath.root.appending(api.envelope.codeKey).description
        let success = api.envelope.successCodes.sorted().map(String.init).joined(separator: " or ")
        switch error.reason {
        case let .server(code, _):
            finding.path = codePath
            finding.expected = success
            finding.found = String(code)
        case .logout:
            finding.path = codePath
            finding.expected = success
            if case let .logout(code, _)? = classification { finding.found = String(code) }
        default:
            break
        }
        return finding
    }

    /// Drift findings an endpoint reports in full; past this, errors first, then one line saying
    /// how many more there were. An answer with 20,000 new keys needs one reader, not 20,000 lines.
    static let driftFindingLimit = 50

    static func capped(_ findings: [Finding], endpoint: String) -> [Finding] {
        guard findings.count > driftFindingLimit else { return findings }
        let ordered = findings.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
        let rest = ordered.dropFirst(driftFindingLimit)
        let worst = rest.map(\.severity).min() ?? .info
        return Array(ordered.prefix(driftFindingLimit)) + [Finding(
            kind: .driftMore, severity: worst, endpoint: endpoint,
            message: "\(rest.count) more drift findings not listed (\(rest.filter { $0.severity == .error }.count) errors, "
                + "\(rest.filter { $0.severity == .warning }.count) warnings)")]
    }

    private func finish(_ result: CheckResult) -> CheckResult {
        var result = result
        // Whatever the server put in a message (a token, the password) is masked before it is
        // kept, and so is a secret path parameter in the path shown.
        result.findings = result.findings.map(redactor.redact)
        result.path = redactor.redact(result.path)
        let (done, total, failed) = state.withLock { state -> (Int, Int, Int) in
            state.done += 1
            if !result.passed { state.failed += 1 }
            return (state.done, state.total, state.failed)
        }
        progress?(done, total, failed)
        return result
    }

    private func skipped(_ endpoint: AnyEndpoint, _ reason: String) -> CheckResult {
        finish(CheckResult(name: endpoint.id, role: .endpoint, endpoint: endpoint.id, method: endpoint.method.rawValue,
                           path: endpoint.path, skipped: reason))
    }

    /// The request path relative to the base URL, with path parameters filled in.
    private func displayPath(_ url: URL) -> String {
        let base = options.baseURL.path.hasSuffix("/") ? options.baseURL.path : options.baseURL.path + "/"
        let path = url.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    // MARK: - Probes

    private func runProbes(_ endpoints: [AnyEndpoint], login: AnyEndpoint) async -> [CheckResult] {
        let loginValues = (try? values(for: login)) ?? [:]
        let first = client(), second = client()
        _ = await first.call(login, loginValues)
        _ = await second.call(login, loginValues)
        guard let revoked = first.session.token, let current = second.session.token else {
            let why = "the probes' own logins through \(login.id) failed"
            var skippedProbes = endpoints.flatMap { endpoint in
                ["token-expired", "logout"].map { skippedProbe($0, endpoint, why) }
            }
            if let (_, target) = loggedOutProbeTarget(endpoints) { skippedProbes.append(skippedProbe("logged-out", target, why)) }
            return skippedProbes
        }
        let dead = Self.deadToken(like: current, avoiding: [revoked, current])
        let prober = client()
        // Probes of endpoints that end the session go last: a server that wrongly accepts the
        // revoked token there would end it, and every later probe would read 403.
        let ordered = endpoints.filter { $0.sessionEffect != .logsOut } + endpoints.filter { $0.sessionEffect == .logsOut }
        let deadWhy = "a well-formed but invalid token must be answered as token expired"
        let revokedWhy = "a token revoked by a second login must be answered with the logout code"
        let pairs = ordered.filter { $0.sessionEffect != .logsOut }.flatMap { [($0, true), ($0, false)] }
        var results = await bounded(pairs) { endpoint, dead_ in
            dead_ ? await self.probe("token-expired", endpoint, prober, token: dead, expect: .expired, why: deadWhy)
                : await self.probe("logout", endpoint, prober, token: revoked, expect: .logout, why: revokedWhy)
        }
        for endpoint in ordered where endpoint.sessionEffect == .logsOut {
            results.append(await probe("token-expired", endpoint, prober, token: dead, expect: .expired, why: deadWhy))
            results.append(await probe("logout", endpoint, prober, token: revoked, expect: .logout, why: revokedWhy))
        }
        // A token ended by logout must be dead afterwards.
        if let (logout, target) = loggedOutProbeTarget(endpoints) {
            let own = client()
            _ = await own.call(login, loginValues)
            if let token = own.session.token {
                let ended = await own.call(logout, (try? values(for: logout)) ?? [:])
                if ended.error == nil {
                    results.append(await probe("logged-out", target, prober, token: token, expect: .expired,
                                               why: "a token ended by \(logout.id) must be answered as token expired"))
                } else {
                    results.append(skippedProbe("logged-out", target, "\(logout.id) failed (its own check says why)"))
                }
            } else {
                results.append(skippedProbe("logged-out", target, "its own login through \(login.id) failed"))
            }
        }
        return results
    }

    /// Whether the endpoint sends the account's credentials (a second way to log in).
    private func usesCredentials(_ endpoint: AnyEndpoint) -> Bool {
        endpoint.parameters.contains { parameter in
            if case let .environment(name, _)? = parameter.sample {
                return name == api.auth.accountVariable || name == api.auth.passwordVariable
            }
            return false
        }
    }

    private func skippedProbe(_ name: String, _ endpoint: AnyEndpoint, _ why: String) -> CheckResult {
        finish(CheckResult(name: "probe \(name) \(endpoint.id)", role: .probe, endpoint: endpoint.id,
                           method: endpoint.method.rawValue, path: endpoint.path, skipped: why))
    }

    /// The logout endpoint and the endpoint to try a logged-out token on (a GET when there is one),
    /// both from the selection, or nil when it has none.
    private func loggedOutProbeTarget(_ endpoints: [AnyEndpoint]) -> (logout: AnyEndpoint, target: AnyEndpoint)? {
        guard let logout = endpoints.first(where: { $0.sessionEffect == .logsOut }),
              let target = endpoints.first(where: { $0.method == .get && $0.sessionEffect == .none })
                ?? endpoints.first(where: { $0.sessionEffect == .none }) else { return nil }
        return (logout, target)
    }

    private enum ProbeExpectation { case expired, logout }

    /// Runs `body` over `items` with at most `options.concurrency` at once, results in item order.
    /// The transport may limit transfers too; this keeps the promise whatever the transport.
    private func bounded<Item: Sendable>(_ items: [Item], _ body: @escaping @Sendable (Item) async -> CheckResult) async -> [CheckResult] {
        await withTaskGroup(of: (Int, CheckResult).self) { group in
            var next = 0
            var collected: [(Int, CheckResult)] = []
            func start() {
                guard next < items.count else { return }
                let index = next, item = items[next]
                next += 1
                group.addTask { (index, await body(item)) }
            }
            for _ in 0..<max(1, options.concurrency) { start() }
            while let done = await group.next() {
                collected.append(done)
                start()
            }
            return collected.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private func probe(_ name: String, _ endpoint: AnyEndpoint, _ client: APIClient, token: String,
                       expect: ProbeExpectation, why: String) async -> CheckResult {
        var result = CheckResult(name: "probe \(name) \(endpoint.id)", role: .probe, endpoint: endpoint.id,
                                 method: endpoint.method.rawValue, path: endpoint.path)
        let values = (try? self.values(for: endpoint)) ?? [:]
        let outcome = await client.call(endpoint, values, token: .explicit(token))
        guard let exchange = outcome.exchange, let classification = outcome.classification else {
            if let error = outcome.error { result.findings.append(Finding(error)) }
            return finish(result)
        }
        result.status = exchange.response.status
        result.timings = exchange.response.timings
        result.outcome = classification.name
        result.path = displayPath(exchange.request.url)
        let expectedName: String
        let matches: Bool
        switch (expect, classification) {
        case (.expired, .tokenExpired): matches = true
        case (.logout, .logout): matches = true
        default: matches = false
        }
        switch expect {
        case .expired: expectedName = "tokenExpired" + (api.envelope.expiredHTTPStatuses.min().map { " (HTTP \($0))" } ?? "")
        case .logout: expectedName = "logout" + (api.envelope.logoutCodes.min().map { " (code \($0))" } ?? "")
        }
        if !matches {
            var found = "\(classification.name) (HTTP \(exchange.response.status))"
            if case let .broken(reason) = classification { found += ": " + reason.message }
            result.findings.append(Finding(kind: FindingKind(rawValue: "probe-\(name)") ?? .probeTokenExpired, severity: .error, endpoint: endpoint.id,
                                           expected: expectedName, found: found, message: why))
        }
        return finish(result)
    }

    /// A token shaped like a real one (same length, same character classes, same first four
    /// characters) that the server never issued.
    static func deadToken(like token: String, avoiding: [String]) -> String {
        let digits = Array("0123456789"), letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for _ in 0..<8 {
            var characters = Array(token)
            for index in characters.indices.dropFirst(min(4, max(0, characters.count - 8))) {
                let character = characters[index]
                if character.isNumber { characters[index] = digits.randomElement()! }
                else if character.isLetter { characters[index] = letters.randomElement()! }
            }
            let candidate = String(characters)
            if !candidate.isEmpty, !avoiding.contains(candidate) { return candidate }
        }
        // A token with nothing to vary (all punctuation, or empty): lengthen it instead.
        return token + "0deadtoken" + String(Int.random(in: 100_000...999_999))
    }

    // MARK: - Samples

    struct SampleError: Error { var message: String }

    /// The values live checks send: declared samples resolved against the environment, the run id
    /// and earlier answers. Optional parameters without a sample are left out.
    func values(for endpoint: AnyEndpoint) throws(SampleError) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for parameter in endpoint.parameters {
            guard let sample = parameter.sample else {
                if parameter.required {
                    throw SampleError(message: "required parameter '\(parameter.name)' has no sample value to send")
                }
                continue
            }
            var value: ParameterValue?
            switch sample {
            case let .literal(literal):
                value = literal
            case let .environment(name, fallback):
                value = options.environment[name].map { .string($0) } ?? fallback
                if value == nil, parameter.required {
                    throw SampleError(message: "required parameter '\(parameter.name)' comes from the environment variable \(name), which is not set")
                }
            case let .unique(prefix):
                value = .string(prefix + options.runID)
            case let .seen(source, path, fallback):
                let document = state.withLock { $0.seen[source] }
                let found = JSONPath(parsing: path).flatMap { document?.value(at: $0) }
                switch found {
                case let .string(text)?: value = .string(text)
                case let .number(text)?: value = Int64(text).map(ParameterValue.int) ?? Double(text).map(ParameterValue.double)
                case let .bool(flag)?: value = .bool(flag)
                default: value = fallback
                }
            }
            if case let .seen(_, _, fallback) = sample, let seen = value, parameter.type.accept(seen) == nil {
                // An earlier answer held something this parameter cannot carry: that answer's
                // check reports it; this one goes on with the declared fallback.
                value = fallback
            }
            if let value {
                // Environment values arrive as text; give them the declared type when they parse.
                values[parameter.name] = parameter.type.accept(value) ?? Self.coerce(value, to: parameter.type) ?? value
            }
        }
        return values
    }

    private static func coerce(_ value: ParameterValue, to type: Parameter.ValueType) -> ParameterValue? {
        guard case let .string(text) = value else { return nil }
        switch type {
        case .int, .int64: return Int64(text).map(ParameterValue.int)
        case .double: return Double(text).map(ParameterValue.double)
        case .bool: return Bool(text).map(ParameterValue.bool)
        case .string: return value
        }
    }

    /// Endpoints grouped so that each one's `.seen` sources sit in an earlier group.
    private func dependencyLevels(_ endpoints: [AnyEndpoint]) -> [[AnyEndpoint]] {
        let ids = Set(endpoints.map(\.id))
        func sources(_ endpoint: AnyEndpoint) -> Set<String> {
            Set(endpoint.parameters.compactMap { parameter in
                if case let .seen(source, _, _)? = parameter.sample, ids.contains(source), source != endpoint.id { return source }
                return nil
            })
        }
        var remaining = endpoints
        var placed: Set<String> = []
        var levels: [[AnyEndpoint]] = []
        while !remaining.isEmpty {
            var level = remaining.filter { sources($0).isSubset(of: placed) }
            // A cycle cannot be ordered: run the rest together, on fallbacks.
            if level.isEmpty { level = remaining }
            levels.append(level)
            placed.formUnion(level.map(\.id))
            remaining.removeAll { placed.contains($0.id) }
        }
        return levels
    }
}
