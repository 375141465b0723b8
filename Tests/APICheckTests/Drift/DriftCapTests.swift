@testable import APICheck
import Testing

@Suite struct DriftCapTests {
    @Test func aFloodOfDriftIsCappedErrorsFirst() throws {
        // 2,000 objects, each with a key of its own: one pass, and a bounded report.
        let items = (0..<2000).map { #"{"id": \#($0), "k\#($0)": 1}"# }.joined(separator: ",")
        let live = Shape(of: try JSONParser.parse("[" + items + "]"))
        let mock = Shape(of: try JSONParser.parse(#"[{"id": 1, "name": "x"}]"#))
        let changes = ShapeDiff.changes(expected: mock, found: live)
        #expect(changes.count == 2001)
        let reads = [FieldRead(path: JSONPath(parsing: "$[*].name")!, type: "String", required: true)]
        let findings = LiveCheck.capped(
            Drift.findings(changes, reads: reads, endpoint: "e", decodeFailure: nil, mockFile: nil), endpoint: "e")
        #expect(findings.count == LiveCheck.driftFindingLimit + 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.path == "$[*].name")
        #expect(findings.last?.kind == .driftMore)
        #expect(findings.last?.message == "1951 more drift findings not listed (0 errors, 1951 warnings)")
    }
}
