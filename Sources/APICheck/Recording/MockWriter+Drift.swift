import Foundation

extension MockWriter {
    /// Drift of an answer about to replace the endpoint's success mock, as `live` reports it
    /// against the same mock: the shape changes weighed by what the endpoint's type reads
    /// (`Drift.findings`), so a renamed field the type decodes is an error, not just a `-` line.
    /// `document` is the answer as it will be written (secrets already replaced).
    /// Where the endpoint's type reads a `[String: T]` map, as the existing mock and the new answer
    /// show it: below those paths keys are data, not shape.
    func mapPaths(of candidate: MockCandidate, document: JSONValue, body: Data, in existing: MockDirectory, redactor: Redactor) -> [JSONPath] {
        guard candidate.scenario == nil else { return [] }
        var reads = (try? existing.baseline(for: candidate.endpoint).get())?.reads ?? []
        reads += Interpretation(endpoint: candidate.endpoint, status: candidate.status, contentType: "application/json", body: body,
                                document: document, source: nil, api: api, redactor: redactor).reads
        return reads.filter(\.isMap).map(\.path)
    }

    func drift(of candidate: MockCandidate, document: JSONValue, body: Data, in existing: MockDirectory, redactor: Redactor) -> [Finding] {
        let endpoint = candidate.endpoint
        guard candidate.scenario == nil, case let .success(baseline) = existing.baseline(for: endpoint) else { return [] }
        let interpretation = Interpretation(endpoint: endpoint, status: candidate.status, contentType: "application/json",
                                            body: body, document: document, source: nil, api: api, redactor: redactor)
        guard case .success = interpretation.classification else { return [] }
        // The envelope's code and message are the classification's business, as in `live`.
        let envelopeKeys = api.envelope(for: endpoint)?.fieldPaths ?? []
        let reads = baseline.reads + interpretation.reads
        let found = Shape(of: document, skippingBelow: reads.filter(\.isMap).map(\.path), comparedWith: baseline.shape)
        var failurePath: JSONPath?
        if let error = interpretation.error, case let .decoding(failure) = error.reason { failurePath = failure.path }
        var collector = DriftCollector(reads: reads, endpoint: endpoint.id, decodeFailure: failurePath, mockFile: baseline.file,
                                       limit: LiveCheck.driftFindingLimit, answerDecoded: interpretation.error == nil)
        ShapeDiff.forEachChange(expected: baseline.shape, found: found) { change in
            if !envelopeKeys.contains(change.path) { collector.add(change) }
        }
        return collector.findings
    }
}
