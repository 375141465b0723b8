import Foundation

/// What a live answer is compared with: the success mock's shape and the fields the decode type
/// read when decoding it.
public struct MockBaseline: Sendable {
    public var file: String
    public var shape: Shape
    public var reads: [FieldRead]

    public init(file: String, shape: Shape, reads: [FieldRead]) {
        self.file = file
        self.shape = shape
        self.reads = reads
    }

    /// The union of two baselines: every shape either shows, every field either read.
    func merged(with other: MockBaseline) -> MockBaseline {
        MockBaseline(file: file, shape: shape.merged(with: other.shape), reads: reads + other.reads)
    }

    /// Works out the baseline of `endpoint` from its parsed success mock.
    init(endpoint: AnyEndpoint, document: JSONValue, file: String, api: API) {
        var reads: [FieldRead] = []
        let base = api.envelope(for: endpoint)?.payloadPath ?? .root
        if let payload = document.value(at: base) {
            reads = (try? endpoint.diagnosticDecode(payload, base, api.dates).reads) ?? []
        }
        self.init(file: file, shape: Shape(of: document), reads: reads)
    }
}

/// Why an endpoint has no baseline: its success mock is missing, too large or not JSON.
public struct MockBaselineError: Error, Sendable {
    public var file: String
    public var message: String
    /// `missing-mock` (missing or not JSON), `mock-too-large` or `mock-unreadable`.
    public var kind: FindingKind

    public init(file: String, message: String, kind: FindingKind = .missingMock) {
        self.file = file
        self.message = message
        self.kind = kind
    }
}
