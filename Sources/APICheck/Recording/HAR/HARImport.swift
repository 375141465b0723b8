import Foundation

/// `apicheck import-har`: a capture's answers into mocks. Each entry is matched to a declared
/// endpoint (`RouteTable`), its answer classified by the envelope policy: success → the mock,
/// the logout code → `@logout`, a dead-token answer → `@expired`, a failure code → the declared
/// scenario whose mock carries that code. The latest answer for a mock wins, save that a paged
/// endpoint's success mock is the latest first page of its list, where the capture holds one (a
/// later page would make `serve` start the list there). Secrets seen anywhere
/// in the capture (tokens in URLs, headers, cookies, bodies) are registered first, so none lands
/// in a mock; then `MockWriter` proves and writes, as for `record`.
public struct HARImport: Sendable {
    public let api: API
    public let baseURL: URL?
    public let writer: MockWriter
    public let redactPaths: [JSONPath]

    public init(
        api: API, directory: URL, baseURL: URL? = nil, redactPaths: [JSONPath] = [], dryRun: Bool = false, force: Bool = false,
        maxFileBytes: Int = MockDirectory.defaultMaxFileBytes
    ) {
        self.api = api
        self.baseURL = baseURL
        self.redactPaths = redactPaths
        writer = MockWriter(api: api, directory: directory, dryRun: dryRun, force: force, reportsDrift: true, maxFileBytes: maxFileBytes)
    }

    public func run(_ archive: HARArchive) -> HARImportResult {
        var result = HARImportResult(entries: 0)
        let routes = CapturedRoutes(api: api, baseURL: baseURL)
        let placeholders = SecretPlaceholders(api: api, paths: redactPaths)
        let redactor = api.makeRedactor()
        let existing = MockDirectory(writer.directory, api: api, maxFileBytes: writer.maxFileBytes)
        var latest: [String: (candidate: MockCandidate, entry: HAREntry, seen: Int)] = [:]
        var order: [String] = []
        // One entry parsed at a time, its tree dropped once classified: only the latest answer per
        // mock is kept, so a capture's size costs no more than the file.
        for index in 0..<archive.count {
            result.entries += 1
            let entry: HAREntry
            switch archive.read(at: index) {
            case let .success(read): entry = read
            case let .failure(error):
                result.unreadable.add(error.description)
                continue
            }
            HARSecrets.register(entry, api: api, in: placeholders)
            guard let components = entry.components else {
                result.unmatched.add("\(entry.method) (unreadable URL)")
                continue
            }
            if let baseURL, !Self.sameOrigin(components, baseURL) {
                result.otherOrigins += 1
                continue
            }
            let path = components.percentEncodedPath
            guard let endpoint = routes.endpoint(method: entry.method, path: path, meets: entry.meets) else {
                if entry.looksJSON { result.unmatched.add("\(entry.method) \(redactor.redact(path))") } else { result.nonJSON += 1 }
                continue
            }
            guard let body = entry.body, !body.isEmpty else {
                result.withoutBody.add("\(endpoint.id) (\(entry.method) \(endpoint.path))")
                continue
            }
            guard entry.looksJSON, let document = try? JSONParser.parse(body) else {
                result.nonJSON += 1
                continue
            }
            let (classification, _) = Classification.of(
                status: entry.status, contentType: entry.mimeType, body: body, parsed: document,
                rules: api.rules(for: endpoint), redactor: redactor)
            if endpoint.sessionEffect == .logsIn, case let .success(payload, _) = classification, let token = api.auth.token(in: payload) {
                placeholders.register(token, as: .token)
            }
            let scenario: ScenarioName?
            switch classification {
            case .success: scenario = nil
            case .forcedLogout: scenario = ScenarioName.logout
            case .tokenExpired: scenario = ScenarioName.expired
            case let .failure(code, message):
                guard let declared = declaredScenario(of: endpoint, code: code, in: existing) else {
                    result.addUndeclared(
                        Finding(
                            kind: .undeclaredScenario, severity: .warning, category: .contract, endpoint: endpoint.id,
                            expected: endpoint.scenarios.isEmpty ? "no failure scenario declared" : "the code of a declared scenario",
                            found: code.description,
                            message: "answered failure code \(code) '\(Finding.capped(message))' (HTTP \(entry.status)): "
                                + "no declared scenario of \(endpoint.id) has a mock with this code; not written"))
                    continue
                }
                scenario = declared
            case let .broken(reason):
                result.addUndeclared(
                    Finding(
                        kind: reason.kind, severity: .warning, category: .contract, endpoint: endpoint.id,
                        message: "answer not written: \(reason.message)"))
                continue
            }
            let key = endpoint.mock + "@" + (scenario?.rawValue ?? "")
            var candidate = MockCandidate(endpoint: endpoint, scenario: scenario, status: entry.status, document: document)
            if endpoint.recordsVerbatim { candidate.bytes = body }
            if scenario == nil, !endpoint.answerHeaders.isEmpty {
                // The headers the app reads go beside the mock; an answer without one is refused as record refuses it.
                let header = { (name: String) in entry.responseHeaders.first { HeaderName.same($0.name, name) }?.value }
                candidate.headers = endpoint.answerHeaders.compactMap { name in header(name).map { (name, $0) } }
                if let missing = Finding.missingAnswerHeaders(of: endpoint, in: header) { candidate.violations.append(missing) }
            }
            if scenario == nil, let paging = endpoint.paging {
                // The URL's own query: an exporter may leave `queryString` out.
                candidate.firstPage = paging.asksForFirstPage(query: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            }
            if let previous = latest[key] {
                let newer =
                    candidate.firstPage == previous.candidate.firstPage
                    ? Self.isLater(entry, than: previous.entry) : candidate.firstPage == true
                latest[key] = (newer ? candidate : previous.candidate, newer ? entry : previous.entry, previous.seen + 1)
            } else {
                latest[key] = (candidate, entry, 1)
                order.append(key)
            }
        }
        let candidates = order.compactMap { key in
            latest[key].map { found in
                var candidate = found.candidate
                candidate.seen = found.seen
                return candidate
            }
        }
        result.files = writer.write(candidates, placeholders: placeholders)
        result.unmatched = result.unmatched.relabeled(placeholders.redact(text:))
        result.undeclared = result.undeclared.map { finding in
            var finding = redactor.redact(finding)
            finding.message = placeholders.redact(text: finding.message)
            return finding
        }
        return result
    }

    /// The declared scenario whose existing mock carries `code`.
    private func declaredScenario(of endpoint: AnyEndpoint, code: EnvelopeCode, in mocks: MockDirectory) -> ScenarioName? {
        let rules = api.rules(for: endpoint)
        return endpoint.scenarios.first { scenario in
            guard let file = mocks.file(of: endpoint, scenario: scenario),
                case let .success(document) = mocks.document(of: file)
            else { return false }
            return rules.failureCode(in: document) == code
        }
    }

    private static func isLater(_ entry: HAREntry, than other: HAREntry) -> Bool {
        switch (entry.started, other.started) {
        case let (mine?, theirs?) where mine != theirs: mine > theirs
        default: entry.index > other.index
        }
    }

    private static func sameOrigin(_ components: URLComponents, _ base: URL) -> Bool {
        func port(_ scheme: String?, _ port: Int?) -> Int? { port ?? (scheme?.lowercased() == "https" ? 443 : 80) }
        return components.scheme?.lowercased() == base.scheme?.lowercased() && components.host?.lowercased() == base.host?.lowercased()
            && port(components.scheme, components.port) == port(base.scheme, base.port)
    }
}
