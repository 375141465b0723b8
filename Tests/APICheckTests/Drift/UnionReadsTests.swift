import APICheck
import Testing

/// A list whose items are one of several kinds (a `oneOf` the import made an enum of): a field one
/// kind requires is required of that kind's items only. The reads say it is read, not required,
/// so an answer with items of another kind, which lack it, is no required field gone.
@Suite struct UnionReadsTests {
    struct ArrayStructure: Decodable, Sendable {
        var dataType: String
        enum CodingKeys: String, CodingKey { case dataType = "data_type" }
    }
    struct TableStructure: Decodable, Sendable { var columns: [String] }

    enum Structure: Decodable, Sendable {
        case array(ArrayStructure)
        case table(TableStructure)

        init(from decoder: any Decoder) throws {
            var failures: [(branch: String, error: any Error)] = []
            do {
                self = .array(try OneOfDecoding.branch(ArrayStructure.self, from: decoder))
                return
            } catch { failures.append(("array", error)) }
            do {
                self = .table(try OneOfDecoding.branch(TableStructure.self, from: decoder))
                return
            } catch { failures.append(("table", error)) }
            throw OneOfDecoding.noBranchFits("Structure", failures: failures, codingPath: decoder.codingPath)
        }
    }

    struct Node: Decodable, Sendable {
        var id: String
        var structure: Structure
    }
    struct Page: Decodable, Sendable { var data: [Node] }

    @Test func aFieldOneKindRequiresIsReadNotRequired() throws {
        let answer = try JSONParser.parse(
            #"{"data": [{"id": "A", "structure": {"data_type": "f8"}}, {"id": "C", "structure": {"columns": ["x"]}}]}"#)
        let reads = try JSONValueDecoder().decode(Page.self, from: answer).reads
        func read(_ path: String) -> FieldRead? { reads.first { $0.path.description == path } }
        #expect(read("$.data[*].id")?.required == true)
        #expect(read("$.data[*].structure")?.required == true)
        #expect(read("$.data[*].structure.data_type")?.required == false)
        #expect(read("$.data[*].structure.columns")?.required == false)

        // A table item's missing `data_type` beside an array item: another kind, not a field gone.
        let mock = try JSONParser.parse(#"{"data": [{"id": "A", "structure": {"data_type": "f8"}}]}"#)
        let changes = ShapeDiff.changes(expected: Shape(of: mock), found: Shape(of: answer))
        let findings = Drift.findings(changes, reads: reads, endpoint: "nodes", decodeFailure: nil, mockFile: "nodes.json")
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.message))")
    }
}
