import APICheck
import Foundation
import Testing

/// A union without a discriminator whose branches are objects that require nothing (Airflow's
/// clear-run answer: a run, or a list of task instances): tried in the document's order, the first
/// takes every object, and the members only the other declares read as drift. The branch that
/// declares the most of the value's members is tried first, as `import-openapi` writes it.
@Suite struct UnionOrderTests {
    struct Run: Codable, Sendable {
        var dagId: String?
        var state: String?
        enum CodingKeys: String, CodingKey {
            case dagId = "dag_id"
            case state
        }
    }
    struct Instances: Codable, Sendable {
        var taskInstances: [String]?
        var totalEntries: Int?
        enum CodingKeys: String, CodingKey {
            case taskInstances = "task_instances"
            case totalEntries = "total_entries"
        }
    }

    /// As `TypeWriter` writes a union whose branches are told apart by their members.
    enum Cleared: Codable, Sendable {
        case run(Run)
        case instances(Instances)

        init(from decoder: any Decoder) throws {
            var failures: [(branch: String, error: any Error)] = []
            let labels = ["Run", "Instances"]
            for branch in OneOfDecoding.order(decoder, members: Self.branchMembers) {
                do {
                    switch branch {
                    case 0: self = .run(try OneOfDecoding.branch(Run.self, from: decoder))
                    default: self = .instances(try OneOfDecoding.branch(Instances.self, from: decoder))
                    }
                    return
                } catch {
                    failures.append((labels[branch], error))
                }
            }
            throw OneOfDecoding.noBranchFits("Cleared", failures: failures, codingPath: decoder.codingPath)
        }

        private static let branchMembers: [[String]] = [["dag_id", "state"], ["task_instances", "total_entries"]]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .run(value): try container.encode(value)
            case let .instances(value): try container.encode(value)
            }
        }
    }

    @Test func theBranchThatDeclaresTheValuesMembersTakesIt() throws {
        let answer = try JSONParser.parse(#"{"task_instances": ["a"], "total_entries": 1}"#)
        let decoded = try JSONValueDecoder().decode(Cleared.self, from: answer)
        guard case .instances = decoded.value else {
            Issue.record("a list of task instances decoded as \(decoded.value)")
            return
        }
        #expect(decoded.reads.contains { $0.path.description == "$.total_entries" })

        // Against a mock of the other kind, nothing the answer holds is unread.
        let mock = try JSONParser.parse(#"{"dag_id": "d", "state": "queued"}"#)
        let changes = ShapeDiff.changes(expected: Shape(of: mock), found: Shape(of: answer))
        let findings = Drift.findings(changes, reads: decoded.reads, endpoint: "clear", decodeFailure: nil, mockFile: "clear.json")
        let unread = findings.filter { $0.message.contains("not read") && !$0.message.contains("gone live") }
        #expect(unread.isEmpty, "\(unread.map { "\($0.path ?? "") \($0.message)" })")
    }

    @Test func equalsKeepTheDocumentsOrderAndAnyDecoderOrdersAlike() throws {
        // No member of either: the first branch, as before.
        let empty = try JSONValueDecoder().decode(Cleared.self, from: try JSONParser.parse("{}"))
        guard case .run = empty.value else {
            Issue.record("an empty object decoded as \(empty.value)")
            return
        }
        // Foundation's decoder, as an app's client decodes, picks the same branch.
        let data = #"{"state": "x", "task_instances": [], "total_entries": 0}"#.data(using: .utf8)!
        guard case .instances = try JSONDecoder().decode(Cleared.self, from: data) else {
            Issue.record("Foundation's decoder took the first branch")
            return
        }
    }
}
