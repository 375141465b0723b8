import Foundation

/// Checks a mocks folder offline: every file parses, its envelope is well formed and classifies as
/// its scenario says, the success payload decodes into the endpoint's type, every required variant
/// exists, and no file is an orphan. Each problem names the endpoint, the file and the JSONPath.
public struct MockAudit: Sendable {
    public let api: API
    public let directory: URL

    public init(api: API, directory: URL) {
        self.api = api
        self.directory = directory
    }

    public func run() -> Report {
        let started = Date()
        var report = Report(command: "mocks", api: api.name, target: directory.path, startedAt: started)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            report.runFindings.append(Finding(kind: .mocksFolder, severity: .error, category: .harness, endpoint: "-",
                                              message: "cannot read the mocks folder \(directory.path): \(error.localizedDescription)"))
            return report
        }
        let files = names.compactMap(MockFileName.init(fileName:))
        let redactor = api.makeRedactor()
        report.runFindings += api.problems
        for endpoint in api.endpoints {
            var result = CheckResult(name: endpoint.id, role: .endpoint, endpoint: endpoint.id,
                                     method: endpoint.method.rawValue, path: endpoint.path)
            let mine = files.filter { $0.mock == endpoint.mock }
            for required in endpoint.requiredMockNames where !mine.contains(where: { $0.variantName == required }) {
                result.findings.append(Finding(
                    kind: .missingMock, severity: .error, endpoint: endpoint.id,
                    message: "no mock \(required).json", file: path(required + ".json")))
            }
            for file in mine {
                result.findings += audit(file, of: endpoint, redactor: redactor)
            }
            result.findings += samplesSeenInMocks(endpoint)
            report.results.append(result)
        }
        let used = Set(api.endpoints.map(\.mock))
        for name in names where MockFileName(fileName: name).map({ !used.contains($0.mock) }) ?? !name.hasPrefix(".") {
            report.runFindings.append(Finding(
                kind: .orphanMock, severity: .error, endpoint: "-",
                message: "\(name) is not used by any declared endpoint", file: path(name)))
        }
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func audit(_ file: MockFileName, of endpoint: AnyEndpoint, redactor: Redactor) -> [Finding] {
        let filePath = path(file.description)
        let body: Data
        do {
            body = try Data(contentsOf: URL(fileURLWithPath: filePath))
        } catch {
            return [Finding(kind: .mockUnreadable, severity: .error, category: .harness, endpoint: endpoint.id,
                            message: "cannot read: \(error.localizedDescription)", file: filePath)]
        }
        // Every mock must be JSON, whatever its scenario (the 403 body included).
        if let failure = parseFailure(body) {
            return [Finding(kind: .notJSON, severity: .error, endpoint: endpoint.id, path: failure.path,
                            message: "not JSON: \(failure.description)", file: filePath)]
        }
        let status = file.status(expiredStatus: api.envelope.expiredStatus)
        let interpretation = Interpretation(endpoint: endpoint, status: status, contentType: "application/json", body: body,
                                            source: filePath, api: api, redactor: redactor)
        let classification = interpretation.classification
        func wrong(_ expected: String) -> [Finding] {
            if let error = interpretation.error, case .broken = classification {
                return [Finding(error, file: filePath)]
            }
            return [Finding(kind: .mockScenario, severity: .error, endpoint: endpoint.id, expected: expected,
                            found: classification.name,
                            message: "scenario '\(file.scenario ?? "success")' should classify as \(expected), classifies as \(classification.name)",
                            file: filePath)]
        }
        switch file.scenario {
        case nil:
            if case .success = classification {
                return interpretation.error.map { [Finding($0, file: filePath)] } ?? []
            }
            return wrong("success")
        case MockScenario.logout?:
            if case .logout = classification { return [] }
            return wrong("logout")
        case MockScenario.expired?:
            if case .tokenExpired = classification { return [] }
            return wrong("tokenExpired")
        default:
            switch classification {
            case .failure: return []
            case .logout, .tokenExpired: return wrong("a failure envelope")
            case .success:
                // A named scenario may be a success variant (another page, an empty list): it must decode.
                return interpretation.error.map { [Finding($0, file: filePath)] } ?? []
            case .broken: return wrong("a failure envelope")
            }
        }
    }

    /// A `.seen` sample must find its value in the source endpoint's mock: a path that finds
    /// nothing there would silently send the fallback on every live run.
    private func samplesSeenInMocks(_ endpoint: AnyEndpoint) -> [Finding] {
        var findings: [Finding] = []
        for parameter in endpoint.parameters {
            guard case let .seen(sourceID, text, _)? = parameter.sample, let source = api.endpoint(sourceID),
                  let path = JSONPath(parsing: text) else { continue }
            let file = self.path(source.mock + ".json")
            guard let data = FileManager.default.contents(atPath: file), let document = try? JSONParser.parse(data) else { continue }
            if document.value(at: path) == nil {
                findings.append(Finding(kind: .samplePath, severity: .error, category: .harness, endpoint: endpoint.id,
                                        path: path, message: "parameter '\(parameter.name)' samples \(text) from \(sourceID), which its mock does not have",
                                        file: file))
            }
        }
        return findings
    }

    private func parseFailure(_ body: Data) -> JSONParseError? {
        do { _ = try JSONParser.parse(body); return nil } catch { return error }
    }
}
