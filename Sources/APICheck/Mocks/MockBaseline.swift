import Foundation

/// What a live answer is compared with: the success mock's shape and the fields the decode type
/// read when decoding it.
public struct MockBaseline: Sendable {
    public var file: String
    public var shape: Shape {
        didSet { (cutoff, fit) = Self.derived(shape, mapPaths) }
    }
    public var reads: [FieldRead] {
        didSet {
            mapPaths = reads.filter(\.isMap).map(\.path)
            (cutoff, fit) = Self.derived(shape, mapPaths)
        }
    }
    /// The dictionaries among `reads`.
    private(set) var mapPaths: [JSONPath]
    /// How far an answer's shape is worth building against this one (see `ShapeCutoff`), cut at
    /// `mapPaths`: worked out with the baseline, once, not for every answer compared with it.
    private(set) var cutoff: ShapeCutoff
    /// Whether an answer fits this shape with no change to report (see `ShapeFit`), worked out
    /// with the baseline as its cutoff is.
    private(set) var fit: ShapeFit

    /// Whether the mock is as `import-openapi` made it from a schema (`MadeUpMocks`): a field
    /// of it gone from an answer is information, not drift.
    public var madeUp = false

    public init(file: String, shape: Shape, reads: [FieldRead]) {
        self.file = file
        self.shape = shape
        self.reads = reads
        mapPaths = reads.filter(\.isMap).map(\.path)
        (cutoff, fit) = Self.derived(shape, mapPaths)
    }

    private static func derived(_ shape: Shape, _ mapPaths: [JSONPath]) -> (ShapeCutoff, ShapeFit) {
        (ShapeCutoff(following: shape, cutting: mapPaths), ShapeFit(expected: shape, mapPaths: mapPaths))
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
            reads =
                (try? endpoint.diagnosticDecode(payload, base, api.dates).reads.sortedReads) ?? Self.typeReads(endpoint, at: base, api: api)
        }
        self.init(file: file, shape: Shape(of: document), reads: reads)
    }

    /// What the decode type reads, from a payload made from its own schema: a mock that does not
    /// decode tells nothing of the fields past its failure, and drift would call every one of
    /// them "not read by the decode type" (and a required one's null a warning).
    static func typeReads(_ endpoint: AnyEndpoint, at base: JSONPath, api: API) -> [FieldRead] {
        let recorder = SchemaRecorder(dates: api.dates)
        guard let schema = try? recorder.schema(for: endpoint.responseType) else { return [] }
        let known = JSONValue.object([
            ("components", .object([("schemas", .object(recorder.components.keys.sorted().map { ($0, recorder.components[$0]!) }))]))
        ])
        let made = ExampleMaker(source: OpenAPISource(root: known)).value(for: schema)
        return (try? endpoint.diagnosticDecode(made, base, api.dates).reads.sortedReads) ?? []
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
