import Foundation
import Testing
@testable import APICheck

/// Drift skips the answer's shape when the answer fits its mock's (`ShapeFit`). Each case is an
/// answer that fits, or one with a change a wrong fit would hide: the findings must be the very
/// ones the full computation gives, and the fit must say yes exactly where no change is reported.
@Suite struct ShapeFitTests {
    struct Doc: Decodable, Sendable {
        let id: Int
        let kind: String
        let user: User?
        let tags: [String]
        let items: [Entry]
        let meta: [String: Int]?

        struct User: Decodable, Sendable { let name: String }
        struct Entry: Decodable, Sendable {
            let a: Int
            let b: Int?
        }
    }

    static let api = API(name: "fit", envelope: nil, endpoints: [Endpoint<Doc>(id: "doc", .get, "doc", mock: "doc")])
    static let endpoint = api.endpoints[0]

    static let mock = """
        {"id": 1, "kind": "a", "user": {"name": "n"}, "tags": ["x"], "items": [{"a": 1, "b": null, "t": "x"}, {"a": 2, "t": "y"}],
         "meta": {"x": 1}, "note": null, "empty": []}
        """

    /// The drift findings of `answer` against `mock`, those of the full computation (the answer's
    /// whole shape, every change weighed), and whether the answer fits the mock's shape.
    static func compare(_ answer: String, mock: String = mock, api: API = api) throws -> (quick: [Finding], full: [Finding], fits: Bool) {
        let endpoint = api.endpoints[0]
        let baseline = MockBaseline(endpoint: endpoint, document: try JSONParser.parse(mock), file: "doc.json", api: api)
        let interpretation = Interpretation(
            endpoint: endpoint, status: 200, contentType: "application/json", body: Data(answer.utf8), source: nil, api: api,
            redactor: api.makeRedactor())
        let document = try #require(interpretation.document)
        let quick = DriftCheck.findings(
            endpoint, document: document, interpretation: interpretation, baseline: baseline, api: api, limit: nil)
        var failure: JSONPath?
        if let error = interpretation.error, case let .decoding(decoding) = error.reason { failure = decoding.path }
        let full = Drift.findings(
            ShapeDiff.changes(expected: baseline.shape, found: Shape(of: document)), reads: baseline.reads + interpretation.reads,
            endpoint: endpoint.id, decodeFailure: failure, mockFile: baseline.file, answerDecoded: interpretation.error == nil)
        return (quick, full, baseline.fit.fits(document))
    }

    /// An answer like the mock but for `fields` (`user`, `tags`, `items`, and `meta` unless an
    /// empty dictionary): its one change is in them.
    static func answer(_ fields: String) -> String {
        let meta = fields.contains(#""meta""#) ? "" : #", "meta": {}"#
        return #"{"id": 7, "kind": "b", "# + fields + meta + #", "note": null, "empty": []}"#
    }

    static func lines(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.severity.rawValue) \($0.kind) \($0.path ?? "-")" }
    }

    /// Answers with the mock's shape, in other values and orders: nothing to report, no shape built.
    @Test(arguments: [
        #"{"id": 7, "kind": "b", "user": {"name": "m"}, "tags": ["y", "z"], "items": [{"a": 3, "t": "z"}], "meta": {"x": 2}, "note": null, "empty": []}"#,
        // Keys in another order than the mock's.
        #"{"kind": "b", "id": 7, "items": [{"b": 4, "a": 3, "t": "z"}], "user": {"name": "m"}, "tags": [], "meta": {}, "note": null, "empty": []}"#,
        // A field only some of the mock's objects carry, absent from all; one the mock has only
        // null, now text; an array the mock has only empty, now full; an optional field absent.
        #"{"id": 7, "kind": "b", "user": {"name": "m"}, "tags": ["y"], "items": [{"a": 3, "t": "u"}, {"t": "v", "a": 4}], "meta": {}, "note": "now text", "empty": [1, {"k": 2}]}"#,
        // Keys below a dictionary of the type are data.
        #"{"id": 7, "kind": "b", "user": {"name": "m"}, "tags": [], "items": [], "meta": {"y": 2, "z": 3}, "note": null, "empty": []}"#,
        // A repeated key counts with its first value, as the answer's shape takes it.
        #"{"id": 7, "id": "seven", "kind": "b", "user": {"name": "m"}, "tags": [], "items": [], "meta": {}, "note": null, "empty": []}"#,
    ])
    func anAnswerOfTheMocksShapeFitsAndHasNoDrift(_ answer: String) throws {
        let (quick, full, fits) = try Self.compare(answer)
        #expect(fits)
        #expect(quick.isEmpty)
        #expect(full.isEmpty)
    }

    /// Answers with one change each: the fit says no, and drift names the change as in full.
    /// "-": the change is where the answer failed to decode, which the decode check reports.
    @Test(arguments: [
        (Self.answer(#""tags": [], "items": [], "meta": {}"#), "warning drift-removed $.user"),
        (Self.answer(#""user": null, "tags": [], "items": []"#), "info drift-null $.user"),
        (Self.answer(#""user": {"name": "m", "age": 3}, "tags": [], "items": []"#), "warning drift-added $.user.age"),
        (Self.answer(#""user": {"name": "m"}, "tags": [1], "items": []"#), "-"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [], "extra": 1"#), "warning drift-added $.extra"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [{"a": 1, "t": "x"}, {"a": 2}]"#), "warning drift-removed $.items[*].t"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [{"a": 1}]"#), "warning drift-removed $.items[*].t"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [{"a": 1, "t": "x", "c": 2}]"#), "warning drift-added $.items[*].c"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [{"a": 1, "t": null}]"#), "warning drift-null $.items[*].t"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [{"a": 1, "t": 5}]"#), "warning drift-type $.items[*].t"),
        (Self.answer(#""user": {"name": "m"}, "tags": [], "items": [], "meta": 5"#), "-"),
        (Self.answer(#""user": {"name": "m"}, "tags": "x", "items": []"#), "-"),
        (#"{"id": "7", "kind": "b", "user": {"name": "m"}, "tags": [], "items": [], "note": null, "empty": []}"#, "-"),
        (#"[{"id": 7}]"#, "-"),
    ])
    func anAnswerWithAChangeDoesNotFitAndDriftNamesIt(_ answer: String, _ change: String) throws {
        let (quick, full, fits) = try Self.compare(answer)
        #expect(!fits)
        #expect(quick == full)
        if change != "-" { #expect(Self.lines(quick) == [change]) }
    }

    /// A baseline whose shape is replaced is fitted against the new shape: a field the old shape
    /// had and the new one lacks is drift.
    @Test func aReplacedBaselineShapeIsTheOneFitted() throws {
        let api = DriftShortcutTests.api, endpoint = DriftShortcutTests.endpoint
        var baseline = MockBaseline(
            endpoint: endpoint, document: try JSONParser.parse(#"{"id": 1, "kind": "a", "user": {"name": "n"}}"#), file: "item.json",
            api: api)
        baseline.shape = Shape(of: try JSONParser.parse(#"{"id": 1, "kind": "a"}"#))
        let answer = try JSONParser.parse(#"{"id": 2, "kind": "a", "user": {"name": "m"}}"#)
        #expect(!baseline.fit.fits(answer))
        let interpretation = DriftShortcutTests.interpretation(#"{"id": 2, "kind": "a", "user": {"name": "m"}}"#)
        let findings = DriftCheck.findings(
            endpoint, document: answer, interpretation: interpretation, baseline: baseline, api: api, limit: nil)
        #expect(Self.lines(findings) == ["warning drift-added $.user"])
    }

    struct Wide: Decodable, Sendable { let f0: Int }

    /// Objects wider than the fit walks take drift's whole way, which still names a missing field.
    @Test func anObjectWiderThanTheWalkIsComparedInFull() throws {
        let api = API(name: "wide", envelope: nil, endpoints: [Endpoint<Wide>(id: "wide", .get, "wide", mock: "wide")])
        let count = ShapeFit.maxFields + 6
        func object(_ names: Range<Int>) -> String { "{" + names.map { "\"f\($0)\": \($0)" }.joined(separator: ", ") + "}" }
        let mock = object(0..<count)
        let same = try Self.compare(object(0..<count), mock: mock, api: api)
        #expect(!same.fits)
        #expect(same.quick.isEmpty && same.full.isEmpty)
        let lacking = try Self.compare(object(0..<(count - 1)), mock: mock, api: api)
        #expect(!lacking.fits)
        #expect(lacking.quick == lacking.full)
        #expect(Self.lines(lacking.quick) == ["warning drift-removed $.f\(count - 1)"])
    }
}
