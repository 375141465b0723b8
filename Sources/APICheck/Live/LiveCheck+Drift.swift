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
            // The envelope's own code and message are the envelope check's business; comparing them
            // with the mock would flag, say, a message the policy makes optional.
            let envelopeKeys = api.envelope(for: endpoint)?.fieldPaths ?? []
            let reads = baseline.reads + interpretation.reads
            // Below a dictionary keys are data (Drift reports nothing there): no shape per entry.
            let found = Shape(of: document, skippingBelow: reads.filter(\.isMap).map(\.path), comparedWith: baseline.shape)
            var failurePath: JSONPath?
            if let error = interpretation.error, case let .decoding(failure) = error.reason { failurePath = failure.path }
            // What the type reads is known from the mock, and from the live answer when it decoded.
            var collector = DriftCollector(reads: reads, endpoint: endpoint.id, decodeFailure: failurePath, mockFile: baseline.file,
                                           limit: Self.driftFindingLimit, answerDecoded: interpretation.error == nil)
            ShapeDiff.forEachChange(expected: baseline.shape, found: found) { change in
                if !envelopeKeys.contains(change.path) { collector.add(change) }
            }
            return collector.findings
        }
    }

    /// Drift findings an endpoint reports in full; past this, errors first, then one line saying
    /// how many more there were. An answer with 20,000 new keys needs one reader, not 20,000 lines.
    static let driftFindingLimit = 50

    /// `findings` as the report lists them: the first `driftFindingLimit`, errors first, then
    /// one line counting the rest. `drift` counts without building; this caps a built list.
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
}
