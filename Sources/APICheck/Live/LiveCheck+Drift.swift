import Foundation

extension LiveCheck {
    /// Drift of a successful answer against the endpoint's mock. Reading the mock stays in this
    /// one function.
    func drift(_ endpoint: AnyEndpoint, document: JSONValue, interpretation: Interpretation) -> [Finding] {
        guard let mocks else { return [] }
        switch mocks.baseline(for: endpoint) {
        case let .failure(error):
            return [Finding(kind: error.kind, severity: .warning, endpoint: endpoint.id, message: error.message, file: error.file)]
        case let .success(baseline):
            return DriftCheck.findings(endpoint, document: document, interpretation: interpretation, baseline: baseline, api: api)
                + EmptyContent.findings(endpoint, document: document, baseline: baseline, api: api)
        }
    }

    static let driftFindingLimit = DriftCheck.findingLimit

    /// `findings` as the report lists them: the first `driftFindingLimit`, errors first, then
    /// one line counting the rest. `drift` counts without building; this caps a built list.
    static func capped(_ findings: [Finding], endpoint: String) -> [Finding] {
        guard findings.count > driftFindingLimit else { return findings }
        let ordered = findings.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
        let rest = ordered.dropFirst(driftFindingLimit)
        let worst = rest.map(\.severity).min() ?? .info
        return Array(ordered.prefix(driftFindingLimit)) + [
            Finding(
                kind: .driftMore, severity: worst, endpoint: endpoint,
                message: "\(rest.count) more drift findings not listed (\(rest.filter { $0.severity == .error }.count) errors, "
                    + "\(rest.filter { $0.severity == .warning }.count) warnings)")
        ]
    }
}
