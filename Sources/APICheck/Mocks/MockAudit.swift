import Foundation

/// Checks a mocks folder offline: every file parses, its envelope is well formed and classifies as
/// its scenario says, the success payload decodes into the endpoint's type, every required variant
/// exists, every variant's scenario is declared, a declared paging can be followed in the success
/// mock, and no file is an orphan. Each problem names the endpoint, the file and the JSONPath.
/// Each file is read and parsed once, through `MockDirectory`.
public struct MockAudit: Sendable {
    public let api: API
    public let mocks: MockDirectory
    public var directory: URL { mocks.url }

    public init(api: API, directory: URL, maxFileBytes: Int = MockDirectory.defaultMaxFileBytes) {
        self.init(mocks: MockDirectory(directory, api: api, maxFileBytes: maxFileBytes))
    }

    public init(mocks: MockDirectory) {
        self.api = mocks.api
        self.mocks = mocks
    }

    public func run() -> Report {
        let started = Date()
        var report = Report(command: .mocks, api: api.name, target: directory.path, startedAt: started)
        if let listingError = mocks.listingError {
            report.runFindings.append(
                Finding(
                    kind: .mocksFolder, severity: .error, category: .harness, endpoint: nil,
                    message: listingError))
            return report
        }
        let redactor = api.makeRedactor()
        // A declaration's problem is its endpoint's (so that the endpoint is not counted ok
        // beside it), once where an id is declared twice; the API's own are the run's.
        let declared = Set(api.endpoints.map(\.id))
        var problems: [String: [Finding]] = [:]
        for problem in api.problems {
            if let endpoint = problem.endpoint, declared.contains(endpoint) {
                problems[endpoint, default: []].append(problem)
            } else {
                report.runFindings.append(problem)
            }
        }
        report.results.reserveCapacity(report.results.count + api.endpoints.count)
        for endpoint in api.endpoints {
            var result = CheckResult(
                name: endpoint.id, role: .endpoint, endpoint: endpoint.id,
                method: endpoint.method.rawValue, path: endpoint.path)
            result.findings += problems.removeValue(forKey: endpoint.id) ?? []
            for required in api.requiredMockNames(of: endpoint) where mocks.file(required) == nil {
                result.findings.append(
                    Finding(
                        kind: .missingMock, severity: .error, endpoint: endpoint.id,
                        message: "no mock \(required).json", file: mocks.path(named: required + ".json")))
            }
            for file in mocks.files(of: endpoint) {
                result.findings += audit(file, of: endpoint, redactor: redactor)
                result.findings += credentialFindings(file, of: endpoint)
            }
            result.findings += mocks.headerFindings(of: endpoint)
            result.findings += mocks.undeclaredScenarioFindings(of: endpoint)
            result.findings += samplesSeenInMocks(endpoint)
            result.findings += pagingFindings(endpoint)
            report.results.append(result)
        }
        report.runFindings += mocks.orphanFindings()
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    /// What the audit finds in one file of `endpoint` and in its file of headers: what `serve`
    /// checks an edited mock against before serving it, as at start.
    public func findings(of file: MockFileName, endpoint: AnyEndpoint) -> [Finding] {
        audit(file, of: endpoint, redactor: api.makeRedactor()) + mocks.headerFindings(of: file, endpoint: endpoint)
    }

    private func audit(_ file: MockFileName, of endpoint: AnyEndpoint, redactor: Redactor) -> [Finding] {
        let filePath = mocks.path(of: file)
        // Every mock must be JSON, whatever its scenario (the 403 body included).
        let document: JSONValue, body: Data
        switch (mocks.document(of: file, answering: endpoint), mocks.data(of: file)) {
        case let (.success(parsed), .success(data)):
            document = parsed
            body = data
        case let (.failure(error), _), let (_, .failure(error)):
            let path: JSONPath? = if case let .notJSON(parseError) = error.reason { parseError.path } else { nil }
            return [
                Finding(
                    kind: error.kind, severity: .error, category: error.kind == .mockUnreadable ? .harness : .contract,
                    endpoint: endpoint.id, path: path, message: error.message, file: filePath)
            ]
        }
        let interpretation = Interpretation(
            endpoint: endpoint, status: mocks.status(of: file), contentType: "application/json",
            body: body, document: document, source: filePath, api: api, redactor: redactor)
        let classification = interpretation.classification
        func wrong(_ expected: String) -> [Finding] {
            if let error = interpretation.error, case .broken = classification {
                return [Finding(error, file: filePath)]
            }
            return [
                Finding(
                    kind: .mockScenario, severity: .error, endpoint: endpoint.id, expected: expected,
                    found: classification.name,
                    message:
                        "scenario '\(file.scenario ?? ScenarioName.success)' should classify as \(expected), classifies as \(classification.name)",
                    file: filePath)
            ]
        }
        // A declared error check's mock holds the failure it declares, status and code included.
        if let scenario = file.scenario, let check = endpoint.errorChecks.first(where: { $0.scenario == scenario }) {
            return check.findings(
                endpoint: endpoint, status: mocks.status(of: file), body: body, classification: classification,
                rules: api.rules(for: endpoint)
            ).map { finding in
                var finding = finding
                finding.kind = .mockScenario
                finding.file = filePath
                if finding.expected?.hasPrefix("HTTP") == true {
                    finding.message +=
                        "; pin the status in the file's name: \(MockFileName(mock: file.mock, scenario: scenario, status: check.status))"
                }
                return finding
            }
        }
        // What a failure is for this endpoint: an envelope's failure code, or the API's error body.
        let failureName = api.isEnveloped(endpoint) ? "a failure envelope" : "an error body in the API's error shape"
        // Under auth turned off by its variable, a token's variants are kept for the server run
        // with it on: nothing here sends a token to answer them.
        if !endpoint.requiresToken, api.auth.offVariable != nil,
            file.scenario == ScenarioName.expired || file.scenario == ScenarioName.logout
        {
            return []
        }
        switch file.scenario {
        case nil:
            if RedirectMock.isRedirect(file, of: endpoint), RedirectMock.location(in: document) == nil {
                return [
                    Finding(
                        kind: .mockScenario, severity: .error, endpoint: endpoint.id,
                        message: "\(file) is the redirect \(endpoint.id) declares: it holds the answer's "
                            + "\(RedirectMock.member), \(RedirectMock.document(location: "/next").compactText)",
                        file: filePath)
                ]
            }
            if case .success = classification {
                return interpretation.error.map { [Finding($0, file: filePath)] } ?? []
            }
            return wrong("success")
        case ScenarioName.logout?:
            if case .forcedLogout = classification { return [] }
            return wrong("logout")
        case ScenarioName.expired?:
            if case .tokenExpired = classification { return [] }
            return wrong("tokenExpired")
        case ScenarioName.refused? where endpoint.sessionEffect == .refreshes:
            // The answer the API promises for a refresh token it refuses.
            let promise = api.auth.refresh?.refusedRefreshToken ?? .deadToken
            let code = api.rules(for: endpoint).failureCode(in: document)
            if promise.admits(classification, status: mocks.status(of: file), code: code) { return [] }
            return wrong(AuthProbe.expected(promise, api))
        default:
            switch classification {
            case .failure: return []
            case .forcedLogout, .tokenExpired: return wrong(failureName)
            case .success:
                // A named scenario may be a success variant (another page, an empty list): it must decode.
                return interpretation.error.map { [Finding($0, file: filePath)] } ?? []
            case .broken: return wrong(failureName)
            }
        }
    }

    /// A `.seen` sample must find its value in the source endpoint's mock: a path that finds
    /// nothing there would silently send the fallback on every live run.
    private func samplesSeenInMocks(_ endpoint: AnyEndpoint) -> [Finding] {
        var findings: [Finding] = []
        for parameter in endpoint.sampledValues {
            guard let (sourceID, text, _) = parameter.sample?.seenSource, let source = api.endpoint(sourceID),
                let path = text.path, let file = mocks.file(of: source),
                case let .success(document) = mocks.document(of: file)
            else { continue }
            if document.value(at: path) == nil {
                findings.append(
                    Finding(
                        kind: .samplePath, severity: .error, category: .harness, endpoint: endpoint.id,
                        path: path, message: "parameter '\(parameter.name)' samples \(text) from \(sourceID), which its mock does not have",
                        file: mocks.path(of: file)))
            }
        }
        return findings
    }
}
