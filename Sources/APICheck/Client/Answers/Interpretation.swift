import Foundation

/// What an answer means for one endpoint, with full diagnosis: the classification, the parsed
/// document, the decoded payload, and the fields its type read. Live checks and the mock audit
/// use it; the client falls back to it whenever its fast path fails, so both say the same thing.
public struct Interpretation: Sendable {
    public var classification: Classification
    public var document: JSONValue?
    /// The decoded payload, when the answer is a success and decoded.
    public var value: (any Sendable)?
    /// Fields the decode type read, with paths from the document root, sorted by path: spelled
    /// out when asked for (drift asks only when an answer differs from its mock).
    public var reads: [FieldRead] {
        get {
            switch readStore {
            case let .listed(reads): reads
            case let .logged(tree): tree.sortedReads
            }
        }
        set { readStore = .listed(newValue) }
    }
    private var readStore = ReadStore.listed([])

    private enum ReadStore: Sendable {
        case listed([FieldRead])
        case logged(ReadTree)
    }

    /// The paths of the dictionaries the decode type read: the keys below are data.
    var mapPaths: [JSONPath] {
        switch readStore {
        case let .listed(reads): reads.filter(\.isMap).map(\.path)
        case let .logged(tree): tree.mapPaths
        }
    }

    /// The reads in no particular order: enough to look reads up by path.
    var unsortedReads: [FieldRead] {
        switch readStore {
        case let .listed(reads): reads
        case let .logged(tree): tree.reads
        }
    }
    /// Why the call failed, when it did (a non-success answer, or a payload that did not decode).
    public var error: APIError?

    /// `document` is the body already parsed, when the caller has it (a cached mock): then the
    /// body is not parsed again. `source` is asked for only when there is an error to name it in.
    public init(
        endpoint: AnyEndpoint, status: Int, contentType: String?, body: Data, document parsed: JSONValue? = nil,
        source: @autoclosure () -> String?, api: API, redactor: Redactor
    ) {
        self.init(
            endpoint: endpoint, status: status, contentType: contentType, body: body, document: parsed, source: source(),
            api: api, rules: api.rules(for: endpoint), redactor: redactor)
    }

    /// `rules` are `api.rules(for: endpoint)`, worked out once by a caller that reads many
    /// answers of the same endpoints (the proxy) rather than once per answer.
    package init(
        endpoint: AnyEndpoint, status: Int, contentType: String?, body: Data, document parsed: JSONValue? = nil,
        source: @autoclosure () -> String?, api: API, rules: AnswerRules, redactor: Redactor
    ) {
        let (classification, document) = Classification.of(
            status: status, contentType: contentType, body: body, parsed: parsed, rules: rules, redactor: redactor)
        self.classification = classification
        self.document = document
        guard case let .success(payload, base) = classification else {
            error = classification.error(endpoint: endpoint.id, source: source())
            return
        }
        if rules.answersBytes {
            value = BinaryBody(content: body, contentType: contentType)
            return
        }
        // A declared redirect has no payload: the decode type is the other successes', which
        // has a value for it only where it takes null (`JSONValue`, an optional, `NoContent`).
        // Nor have the bytes of an endpoint that also answers JSON: its type is the JSON's.
        if rules.redirectStatuses.contains(status) || rules.takesBytes(contentType: contentType) {
            value = try? endpoint.diagnosticDecode(.null, base, api.dates).value
            return
        }
        do {
            let decoded = try endpoint.diagnosticDecode(payload, base, api.dates)
            value = decoded.value
            readStore = .logged(decoded.reads)
        } catch {
            self.error = APIError(endpoint: endpoint.id, reason: .decoding(error), source: source())
        }
    }
}
