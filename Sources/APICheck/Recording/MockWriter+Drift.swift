import Foundation

extension MockWriter {
    /// Drift of an answer about to replace the endpoint's success mock, as `live` reports it
    /// against the same mock: the shape changes weighed by what the endpoint's type reads
    /// (`Drift.findings`), so a renamed field the type decodes is an error, not just a `-` line.
    /// `document` is the answer as it will be written (secrets already replaced).
    /// Where the endpoint's type reads a `[String: T]` map, as the existing mock and the new answer
    /// show it: below those paths keys are data, not shape.
    func mapPaths(of candidate: MockCandidate, document: JSONValue, body: Data, in existing: MockDirectory, redactor: Redactor)
        -> [JSONPath]
    {
        guard candidate.scenario == nil else { return [] }
        let known = (try? existing.baseline(for: candidate.endpoint).get())?.mapPaths ?? []
        return known
            + Interpretation(
                endpoint: candidate.endpoint, status: candidate.status, contentType: "application/json", body: body,
                document: document, source: nil, api: api, redactor: redactor
            ).mapPaths
    }

    func drift(of candidate: MockCandidate, document: JSONValue, body: Data, in existing: MockDirectory, redactor: Redactor) -> [Finding] {
        let endpoint = candidate.endpoint
        guard candidate.scenario == nil, case let .success(baseline) = existing.baseline(for: endpoint) else { return [] }
        let interpretation = Interpretation(
            endpoint: endpoint, status: candidate.status, contentType: "application/json",
            body: body, document: document, source: nil, api: api, redactor: redactor)
        guard case .success = interpretation.classification else { return [] }
        return DriftCheck.findings(endpoint, document: document, interpretation: interpretation, baseline: baseline, api: api)
    }
}
