/// Drift findings of one answer, taken one shape change at a time: the first `limit` (errors
/// first, then warnings, then infos, each in order) are built; past them, findings are only
/// counted by severity. An answer with 1.5 M new keys costs 50 findings and three counters, not
/// 1.5 M findings of which 50 are shown.
public struct DriftCollector {
    public let endpoint: String
    /// Listed in full; nil lists every finding.
    public let limit: Int?
    /// The reads, asked for at the first change: most answers have none to weigh.
    private let readsOf: () -> [FieldRead]
    private var lookups: Lookups?
    private let alreadyReported: JSONPath?
    private let mockFile: String?
    /// The answer decoded: an error-grade change is a shape the type accepts and the mocks lack.
    private let answerDecoded: Bool
    /// The mock is as `import-openapi` made it from a schema, every optional field filled.
    private let madeUpMock: Bool
    /// Built so far, by severity, each at most `limit` long, with its place among all.
    private var kept: [Finding.Severity: [(order: Int, finding: Finding)]] = [:]
    private var counts: [Finding.Severity: Int] = [:]
    private var added = 0

    /// The reads by path (a later read of a path wins), and the dictionaries' paths.
    private struct Lookups {
        var byPath: [JSONPath: FieldRead] = [:]
        var maps: [[JSONPath.Component]]

        init(_ reads: [FieldRead]) {
            for read in reads { byPath[read.path] = read }
            maps = reads.filter(\.isMap).map(\.path.components)
        }
    }

    public init(
        reads: [FieldRead], endpoint: String, decodeFailure: JSONPath?, mockFile: String?, limit: Int?,
        answerDecoded: Bool = false
    ) {
        self.init(
            readsOf: { reads }, endpoint: endpoint, decodeFailure: decodeFailure, mockFile: mockFile, limit: limit,
            answerDecoded: answerDecoded)
    }

    /// `readsOf` is asked once, at the first change added, and never when there is none.
    init(
        readsOf: @escaping () -> [FieldRead], endpoint: String, decodeFailure: JSONPath?, mockFile: String?, limit: Int?,
        answerDecoded: Bool, madeUpMock: Bool = false
    ) {
        self.answerDecoded = answerDecoded
        self.madeUpMock = madeUpMock
        self.readsOf = readsOf
        alreadyReported = decodeFailure?.generalized
        self.endpoint = endpoint
        self.mockFile = mockFile
        self.limit = limit
    }

    /// Findings built so far: at most `limit` per severity.
    var builtCount: Int { kept.values.reduce(0) { $0 + $1.count } }

    public mutating func add(_ change: ShapeChange) {
        if lookups == nil { lookups = Lookups(readsOf()) }
        let maps = lookups!.maps
        // Below a dictionary, keys are data: a key present in one answer and not the other says
        // nothing about the contract, and the decode check covers the values.
        if maps.contains(where: { change.path.components.count > $0.count && change.path.components.starts(with: $0) }) {
            return
        }
        let read = lookups!.byPath[change.path]
        var severity = Drift.severity(of: change, read: read)
        // The decode check already named this exact place; one error per fault is enough.
        if severity == .error, let alreadyReported, alreadyReported == change.path { return }
        // Null where the type reads a value, in an answer that decoded: the type takes null there
        // (an optional root, `T?`, reads as required), as it does an optional member's.
        let acceptedNull = change.kind == .becameNull && read != nil && answerDecoded && severity != .info
        if acceptedNull { severity = .info }
        // A sum type took a shape the mocks do not show: never an error for an answer that decoded.
        let acceptedShape = severity == .error && answerDecoded
        if acceptedShape { severity = .warning }
        // A made-up mock fills every optional field: one gone says nothing of the server.
        let madeUpField = madeUpMock && change.kind == .removed && read?.required != true
        // A member the type declares that the made-up mock lacks: the mock is one branch of a
        // union (JupyterHub's User-or-Service identity) the schema allows others of.
        let declaredElsewhere = madeUpMock && change.kind == .added && read != nil && change.found != "null"
        // A member neither the type nor the made-up mock has: the document does not list it (Kinto's
        // `additionalProperties` beside `properties`), which says nothing of a change of the server.
        let unlisted = madeUpMock && change.kind == .added && read == nil
        if madeUpField || declaredElsewhere || unlisted { severity = .info }
        counts[severity, default: 0] += 1
        added += 1
        if let limit, kept[severity, default: []].count >= limit { return }
        var finding = Drift.finding(for: change, read: read, severity: severity, endpoint: endpoint, mockFile: mockFile)
        if acceptedShape { finding.message = Drift.decodedNote(change) }
        if acceptedNull { finding.message = "allowed: the decode type takes null here (the answer decoded)" }
        if madeUpField {
            finding.message =
                "in the mock, which import-openapi made from the schema, not in this answer; "
                + "`apicheck record` replaces the mock with the server's answer"
        } else if unlisted {
            finding.message =
                "in this answer, not in the type nor in the mock, which import-openapi made from the schema: the document "
                + "does not list it; `apicheck record` replaces the mock with the server's answer"
        } else if declaredElsewhere {
            finding.message =
                "in this answer and the type, not in the mock, which import-openapi made from the schema (one shape of "
                + "those it allows); `apicheck record` replaces the mock with the server's answer"
        }
        kept[severity, default: []].append((added, finding))
    }

    /// The findings, errors first when capped, and past `limit` one `drift-more` finding saying
    /// how many more there were.
    public var findings: [Finding] {
        let order: [Finding.Severity] = [.error, .warning, .info]
        let total = order.reduce(0) { $0 + counts[$1, default: 0] }
        guard let limit, total > limit else {
            // Uncapped, or all fit: in the order the changes came.
            return order.flatMap { kept[$0] ?? [] }.sorted { $0.order < $1.order }.map(\.finding)
        }
        var listed: [Finding] = []
        var rest: [Finding.Severity: Int] = [:]
        for severity in order {
            let room = limit - listed.count
            let built = kept[severity] ?? []
            listed += built.prefix(room).map(\.finding)
            rest[severity] = counts[severity, default: 0] - min(room, built.count)
        }
        let more = rest.values.reduce(0, +)
        let worst = order.first { rest[$0, default: 0] > 0 } ?? .info
        return listed + [
            Finding(
                kind: .driftMore, severity: worst, endpoint: endpoint,
                message:
                    "\(more) more drift findings not listed (\(rest[.error, default: 0]) errors, \(rest[.warning, default: 0]) warnings)")
        ]
    }
}
