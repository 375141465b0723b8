import Foundation

/// Drift of a successful answer against its endpoint's mock: the shape changes weighed by what
/// the endpoint's type reads (`DriftCollector`), so a renamed field the type decodes is an error,
/// not just a changed line. `live`, `record` and `proxy` all judge drift here.
public enum DriftCheck {
    /// Drift findings an answer reports in full; past this, errors first, then one line saying
    /// how many more there were. An answer with 20,000 new keys needs one reader, not 20,000 lines.
    public static let findingLimit = 50

    /// `document` is the answer's JSON; `interpretation` is how it classified and decoded.
    public static func findings(
        _ endpoint: AnyEndpoint, document: JSONValue, interpretation: Interpretation,
        baseline: MockBaseline, api: API, limit: Int? = findingLimit
    ) -> [Finding] {
        // The envelope's own code and message are the envelope check's business; comparing them
        // with the mock would flag, say, a message the policy makes optional.
        // Most answers have the mock's shape: walking them against it costs no shape of their own
        // and tells that no change would come. The answer's own dictionaries would only take
        // changes away.
        if baseline.fit.fits(document) { return [] }
        let envelopeKeys = api.envelope(for: endpoint)?.fieldPaths ?? []
        // What the type reads is known from the mock, and from the answer when it decoded. Below
        // a dictionary keys are data (Drift reports nothing there): no shape per entry. The
        // mock's dictionaries are cut in its baseline's cutoff already.
        var cutoff = baseline.cutoff
        let answerMaps = interpretation.mapPaths.filter { !baseline.mapPaths.contains($0) }
        if !answerMaps.isEmpty { cutoff.cut(at: answerMaps) }
        let found = Shape(of: document, cutoff: cutoff)
        var failurePath: JSONPath?
        if let error = interpretation.error, case let .decoding(failure) = error.reason { failurePath = failure.path }
        // Listing the reads waits for a change to weigh: most answers have none.
        var collector = DriftCollector(
            readsOf: { baseline.reads + interpretation.unsortedReads }, endpoint: endpoint.id,
            decodeFailure: failurePath, mockFile: baseline.file, limit: limit, answerDecoded: interpretation.error == nil,
            madeUpMock: baseline.madeUp)
        let ended = leftOutPageMembers(of: endpoint, in: document)
        ShapeDiff.forEachChange(expected: baseline.shape, found: found) { change in
            if !envelopeKeys.contains(change.path), change.kind != .removed || !ended.contains(change.path) { collector.add(change) }
        }
        return collector.findings
    }

    /// Where a page's members are left out as protobuf's JSON writes a page (MLflow's): its list
    /// in an answer without items (`{}`, an empty list, `EmptyContent` says so), or, above it, the
    /// object that would hold it; and its next token or URL in the body, the list's end. Neither is
    /// a field gone.
    static func leftOutPageMembers(of endpoint: AnyEndpoint, in document: JSONValue) -> Set<JSONPath> {
        guard let paging = endpoint.paging else { return [] }
        var paths: Set<JSONPath> = []
        if let ids = paging.ids.path, let list = JSONValue.listPath(of: ids), document.leavesOutEmptyList(at: list) {
            let prefixes = list.components.indices.map { JSONPath(Array(list.components[...$0])) }
            if let gone = prefixes.first(where: { document.value(at: $0) == nil }) { paths.insert(gone) }
        }
        switch paging.cursor {
        case let .token(.body(path), _), let .url(.body(path)):
            if let next = path.path, document.value(at: next) == nil { paths.insert(next) }
        default:
            break
        }
        return paths
    }
}
