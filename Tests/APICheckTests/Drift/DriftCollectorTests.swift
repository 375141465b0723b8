@testable import APICheck
import Testing

/// Drift of a huge answer is counted past the listing cap, not built: the collector lists exactly
/// what capping every finding would list, and says how many more there were.
@Suite struct DriftCollectorTests {
    static func shapes(keys: Int) throws -> (mock: Shape, live: Shape) {
        let members = (0..<keys).map { #", "k\#($0)": \#($0)"# }.joined()
        let live = Shape(of: try JSONParser.parse(#"{"items": [{"id": "x", "flag": null}]"# + members + "}"))
        let mock = Shape(of: try JSONParser.parse(#"{"items": [{"id": 1, "name": "x", "flag": true}]}"#))
        return (mock, live)
    }

    static let reads = [
        FieldRead(path: JSONPath(parsing: "$.items[*].id")!, type: "Int", required: true),
        FieldRead(path: JSONPath(parsing: "$.items[*].flag")!, type: "Bool", required: false),
    ]

    @Test func listsWhatCappingEveryFindingWouldAndCountsTheRest() throws {
        for keys in [0, 10, 60, 5000] {
            let (mock, live) = try Self.shapes(keys: keys)
            let all = Drift.findings(
                ShapeDiff.changes(expected: mock, found: live), reads: Self.reads, endpoint: "e",
                decodeFailure: nil, mockFile: "m.json")
            var collector = DriftCollector(
                reads: Self.reads, endpoint: "e", decodeFailure: nil, mockFile: "m.json",
                limit: LiveCheck.driftFindingLimit)
            ShapeDiff.forEachChange(expected: mock, found: live) { collector.add($0) }
            #expect(collector.findings == LiveCheck.capped(all, endpoint: "e"), "\(keys) keys")
        }
    }

    @Test func aMillionNewKeysKeepAtMostTheLimitPerSeverity() throws {
        let (mock, live) = try Self.shapes(keys: 200_000)
        var collector = DriftCollector(reads: Self.reads, endpoint: "e", decodeFailure: nil, mockFile: nil, limit: 50)
        var changes = 0
        ShapeDiff.forEachChange(expected: mock, found: live) {
            changes += 1; collector.add($0)
        }
        #expect(changes == 200_003)
        #expect(collector.builtCount <= 3 * 50)
        let findings = collector.findings
        #expect(findings.count == 51)
        #expect(findings.prefix(1).map(\.path) == ["$.items[*].id"])
        #expect(findings.last?.message == "199953 more drift findings not listed (0 errors, 199952 warnings)")
    }

    /// The shape built for comparing with a mock keeps only kinds below what the mock lacks, and
    /// gives the very changes the full shape gives.
    @Test func aShapeComparedWithTheMockGivesTheSameChanges() throws {
        let mock = try JSONParser.parse(#"{"a": {"b": [1], "c": {"d": "x"}}, "e": [], "f": null, "g": 1}"#)
        let lives = [
            #"{"a": {"b": [{"z": [[1]]}], "c": {"d": 1, "new": {"deep": [{"x": 1}]}}}, "e": [{"q": 1}], "f": {"k": 1}, "g": "s", "h": [[{"m": 1}]]}"#,
            #"{"a": null, "e": [[1, {"r": null}]], "extra": {"m1": {"id": 1}, "m2": {"id": 2}}}"#,
            #"[{"a": 1}]"#,
        ]
        let expected = Shape(of: mock)
        for text in lives {
            let live = try JSONParser.parse(text)
            let full = ShapeDiff.changes(expected: expected, found: Shape(of: live))
            let guided = ShapeDiff.changes(expected: expected, found: Shape(of: live, skippingBelow: [], comparedWith: expected))
            #expect(guided == full, "\(text)")
        }
        // Keys that are data under a key the mock lacks: their kind, not a shape each.
        let members = (0..<1000).map { #""m\#($0)": {"id": \#($0), "name": "n"}"# }.joined(separator: ",")
        let live = try JSONParser.parse(#"{"a": {"b": [1]}, "datas": {"# + members + "}}")
        let guided = Shape(of: live, skippingBelow: [], comparedWith: expected)
        #expect(guided.field("datas")?.shape.fields.isEmpty == true)
        #expect(guided.field("datas")?.shape.kindDescription == "Object")
    }
}
