import Foundation
import Testing
@testable import APICheck

/// Drift takes shortcuts on answers that match their mock: it lists the type's reads, builds the
/// mock's cutoff and spells out JSONPaths only when it needs them. Each case here is one where a
/// shortcut could hide a change: the findings must be the very ones the full computation gives
/// (every read listed, the answer's whole shape, every change weighed), and spelled as expected.
@Suite struct DriftShortcutTests {
    /// Reads `meta` as a dictionary and `extra` as a required `Int` only when `kind` is `b`: the
    /// answer's own decode reads what the mock's decode never did.
    struct Item: Decodable, Sendable {
        let id: Int
        let kind: String
        let user: User?
        let meta: [String: Int]?
        let extra: Int?

        struct User: Decodable, Sendable {
            let name: String
        }

        enum CodingKeys: String, CodingKey { case id, kind, user, meta, extra }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            kind = try container.decode(String.self, forKey: .kind)
            user = try container.decodeIfPresent(User.self, forKey: .user)
            if kind == "b" {
                meta = try container.decode([String: Int].self, forKey: .meta)
                extra = try container.decode(Int.self, forKey: .extra)
            } else {
                meta = nil
                extra = nil
            }
        }
    }

    static let endpoint = Endpoint<Item>(id: "item", .get, "item", mock: "item").erased
    static let api = API(name: "shortcut", envelope: nil, endpoints: [Endpoint<Item>(id: "item", .get, "item", mock: "item")])

    static func interpretation(_ text: String) -> Interpretation {
        Interpretation(
            endpoint: endpoint, status: 200, contentType: "application/json", body: Data(text.utf8), source: nil, api: api,
            redactor: api.makeRedactor())
    }

    static func baseline(_ mock: String) throws -> MockBaseline {
        MockBaseline(endpoint: endpoint, document: try JSONParser.parse(mock), file: "item.json", api: api)
    }

    /// The drift findings of `answer` against `baseline`, and those of the full computation.
    static func findings(_ baseline: MockBaseline, _ answer: String) throws -> (quick: [Finding], full: [Finding]) {
        let interpretation = Self.interpretation(answer)
        let document = try #require(interpretation.document)
        let quick = DriftCheck.findings(
            endpoint, document: document, interpretation: interpretation, baseline: baseline, api: api, limit: nil)
        var failure: JSONPath?
        if let error = interpretation.error, case let .decoding(decoding) = error.reason { failure = decoding.path }
        let full = Drift.findings(
            ShapeDiff.changes(expected: baseline.shape, found: Shape(of: document)), reads: baseline.reads + interpretation.reads,
            endpoint: endpoint.id, decodeFailure: failure, mockFile: baseline.file, answerDecoded: interpretation.error == nil)
        return (quick, full)
    }

    static func lines(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.severity.rawValue) \($0.kind) \($0.path ?? "-"): \($0.message)" }
    }

    static let mock = #"{"id": 1, "kind": "a", "user": {"name": "n"}, "meta": {"x": 1}}"#

    @Test func keysBelowAMapOnlyTheAnswersDecodeReadsAreNoDrift() throws {
        let (quick, full) = try Self.findings(
            try Self.baseline(Self.mock), #"{"id": 2, "kind": "b", "user": {"name": "m"}, "meta": {"y": 2}, "extra": 3}"#)
        #expect(quick == full)
        #expect(Self.lines(quick) == ["warning drift-added $.extra: read by the decode type but not in the mock"])
    }

    @Test func aFieldOnlyTheAnswersDecodeReadsIsNamedAsRead() throws {
        let (quick, full) = try Self.findings(
            try Self.baseline(#"{"id": 1, "kind": "a"}"#), #"{"id": 2, "kind": "b", "meta": {}, "extra": 3}"#)
        #expect(quick == full)
        #expect(
            Self.lines(quick) == [
                "warning drift-added $.meta: read by the decode type but not in the mock",
                "warning drift-added $.extra: read by the decode type but not in the mock",
            ])
    }

    @Test func aDecodeFailureIsNotRepeatedAndTheOtherDriftStays() throws {
        let (quick, full) = try Self.findings(
            try Self.baseline(Self.mock), #"{"id": "2", "kind": "a", "user": {"name": "n"}, "meta": {"x": 1}, "new": true}"#)
        #expect(quick == full)
        #expect(Self.lines(quick) == ["warning drift-added $.new: not in the mock or the decode type"])
    }

    /// After a sibling object was compared field by field, a removed field the type requires is
    /// named at its own path, an error: the answer failed to decode elsewhere (`$.id`), which is
    /// reported once, by the decode check.
    @Test func aRemovedFieldTheTypeReadsIsAnErrorAtItsPath() throws {
        let mock = #"{"id": 1, "kind": "b", "user": {"name": "n"}, "meta": {"x": 1}, "extra": 3}"#
        let answer = #"{"id": "2", "kind": "b", "user": {"name": "n"}, "meta": {"y": 1}}"#
        let (quick, full) = try Self.findings(try Self.baseline(mock), answer)
        #expect(quick == full)
        #expect(Self.lines(quick) == ["error drift-removed $.extra: the decode type requires it"])
    }

    /// A baseline whose shape is replaced compares with the new shape, not with a cutoff kept
    /// from the old one.
    @Test func aReplacedBaselineShapeIsTheOneCompared() throws {
        var baseline = try Self.baseline(#"{"id": 1, "kind": "a"}"#)
        let wider = #"{"id": 1, "kind": "a", "user": {"name": "n"}}"#
        baseline.shape = Shape(of: try JSONParser.parse(wider))
        let (quick, full) = try Self.findings(baseline, wider)
        #expect(quick == full)
        #expect(quick.isEmpty)
    }

    /// The same for an answer that does not fit the new shape, so that drift builds its shape:
    /// it is cut where the new shape, not the old one, ends.
    @Test func aReplacedBaselineShapeCutsAnAnswerThatDiffers() throws {
        var baseline = try Self.baseline(#"{"id": 1, "kind": "a"}"#)
        baseline.shape = Shape(of: try JSONParser.parse(#"{"id": 1, "kind": "a", "user": {"name": "n"}}"#))
        let (quick, full) = try Self.findings(baseline, #"{"id": 2, "kind": "a", "user": {"name": "m", "age": 3}, "new": 1}"#)
        #expect(quick == full)
        #expect(
            Self.lines(quick) == [
                "warning drift-added $.user.age: not in the mock or the decode type",
                "warning drift-added $.new: not in the mock or the decode type",
            ])
    }

    /// The dictionaries' paths come straight from the decode's log: the same as the reads list.
    @Test func mapPathsAreTheMapsAmongTheReads() throws {
        struct Deep: Decodable, Sendable {
            let pages: [Page]
            let top: [String: [String: Int]]
            struct Page: Decodable, Sendable { let tags: [String: String] }
        }
        let document = try JSONParser.parse(#"{"pages": [{"tags": {"a": "x"}}, {"tags": {}}], "top": {"k": {"j": 1}}}"#)
        let result = try JSONValueDecoder().decodeReads(Deep.self, from: document)
        let maps = result.reads.mapPaths.map(\.description).sorted()
        #expect(maps == result.reads.sortedReads.filter(\.isMap).map(\.path.description).sorted())
        #expect(maps.contains("$.pages[*].tags"))
        #expect(maps.count == 3)
    }

    /// An answer that matches its mock never has the type's reads listed.
    @Test func anAnswerLikeItsMockNeverListsTheReads() throws {
        final class Asked: @unchecked Sendable { var count = 0 }
        let asked = Asked()
        let shape = Shape(of: try JSONParser.parse(Self.mock))
        var collector = DriftCollector(
            readsOf: {
                asked.count += 1; return []
            }, endpoint: "item", decodeFailure: nil, mockFile: nil, limit: 50,
            answerDecoded: true)
        ShapeDiff.forEachChange(expected: shape, found: shape) { collector.add($0) }
        #expect(collector.findings.isEmpty)
        #expect(asked.count == 0)
        ShapeDiff.forEachChange(expected: shape, found: Shape(of: try JSONParser.parse(#"{"a": 1, "b": 2}"#))) { collector.add($0) }
        #expect(asked.count == 1)
    }
}
