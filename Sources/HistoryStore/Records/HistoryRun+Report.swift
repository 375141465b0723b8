import APICheck
import Foundation

extension HistoryRun {
    /// The run `report` describes, as the store keeps it. `mockFiles` maps an endpoint id to
    /// the mock its answers are compared with, when drift was checked (empty when not).
    public init(
        report: Report, apiHash: String, commit: String?, tool: String, environment: String?,
        mockFiles: [String: String] = [:], runID: String = UUID().uuidString.lowercased()
    ) {
        let summary = report.summary
        self.runID = runID
        reportRunID = report.runID
        startedAt = report.startedAt
        duration = report.duration
        command = report.command.rawValue
        api = report.api
        self.apiHash = apiHash
        self.commit = commit
        self.tool = tool
        self.environment = environment
        baseURL = Self.withoutCredentials(report.target)
        shard = report.shard.map { "\($0.index)/\($0.count)" }
        verdict = report.verdict.rawValue
        endpoints = summary.endpoints
        endpointsPassed = summary.endpointsPassed
        errors = summary.errors
        warnings = summary.warnings
        results = []
        findings = report.runFindings.map { Finding(nil, $0, name: "-", result: nil) }
        for checked in report.results {
            let index = results.count
            // The file a drift finding names is the mock this answer was compared with.
            let mock =
                checked.findings.lazy.compactMap(\.file).first.map(Self.fileName)
                ?? (checked.role == .endpoint ? mockFiles[checked.endpoint] : nil)
            let drifted = checked.findings.contains { $0.kind.rawValue.hasPrefix("drift-") || $0.kind.rawValue.hasPrefix("mock-") }
            let answered = checked.skipped == nil && checked.status != nil
            let result = Result(
                name: checked.name, role: checked.role.rawValue, endpoint: checked.endpoint,
                status: checked.status(strict: report.strict).rawValue, httpStatus: checked.status,
                classification: checked.classification?.name,
                mock: mock, matchedMock: mock != nil && answered && checked.passed && !drifted,
                dnsMs: checked.timings.map { $0.dns * 1000 }, connectMs: checked.timings.map { $0.connect * 1000 },
                tlsMs: checked.timings.map { $0.tls * 1000 }, firstByteMs: checked.timings.map { $0.firstByte * 1000 },
                totalMs: checked.timings.map { $0.total * 1000 })
            results.append(result)
            findings += checked.findings.map { Finding(index, $0, name: checked.name, result: result) }
        }
    }

    /// A mock is named by its file, not by where one machine keeps the folder.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `https://staging.example.com/Api/`: user info, query and fragment can hold credentials.
    static func withoutCredentials(_ target: String) -> String {
        guard var components = URLComponents(string: target), components.scheme != nil else { return target }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? target
    }
}

extension HistoryRun.Finding {
    init(_ index: Int?, _ finding: APICheck.Finding, name: String, result: HistoryRun.Result?) {
        var code: String?
        switch finding.kind {
        case .serverCode:
            // `failure(10002)`: the code the server answered with.
            if let outcome = result?.classification, outcome.hasPrefix("failure("), outcome.hasSuffix(")") {
                code = String(outcome.dropFirst("failure(".count).dropLast())
            }
        case .httpStatus:
            code = result?.httpStatus.map(String.init)
        default:
            break
        }
        self.init(
            result: index, name: name, kind: finding.kind.rawValue, severity: finding.severity.rawValue,
            category: finding.category.rawValue, path: finding.path, code: code, mock: finding.file.map(HistoryRun.fileName))
    }
}
