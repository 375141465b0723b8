import APICheck
import Testing

@Suite struct DriftTests {
    let reads = [
        FieldRead(path: JSONPath(parsing: "$.datas.name")!, type: "String", required: true),
        FieldRead(path: JSONPath(parsing: "$.datas.mail")!, type: "String", required: false),
    ]

    func findings(_ mock: String, _ live: String, decodeFailure: String? = nil) throws -> [String] {
        let changes = ShapeDiff.changes(expected: Shape(of: try JSONParser.parse(mock)), found: Shape(of: try JSONParser.parse(live)))
        return Drift.findings(
            changes, reads: reads, endpoint: "e", decodeFailure: decodeFailure.flatMap(JSONPath.init(parsing:)),
            mockFile: "m.json"
        )
        .map { "\($0.severity.rawValue) \($0.kind) \($0.path ?? "-")" }
    }

    @Test func requiredFieldGoneIsAnError() throws {
        #expect(try findings(#"{"datas": {"name": "a"}}"#, #"{"datas": {}}"#) == ["error drift-removed $.datas.name"])
    }

    @Test func decodeFailureAtTheSamePlaceIsNotRepeated() throws {
        #expect(try findings(#"{"datas": {"name": "a"}}"#, #"{"datas": {}}"#, decodeFailure: "$.datas.name") == [])
    }

    @Test func optionalFieldGoneIsAWarningAndNullIsInfo() throws {
        #expect(
            try findings(#"{"datas": {"name": "a", "mail": "m"}}"#, #"{"datas": {"name": "a"}}"#) == ["warning drift-removed $.datas.mail"])
        #expect(
            try findings(#"{"datas": {"name": "a", "mail": "m"}}"#, #"{"datas": {"name": "a", "mail": null}}"#) == [
                "info drift-null $.datas.mail"
            ])
    }

    /// A page's items may all leave out an optional member (MLflow writes no `tags` for an
    /// untagged experiment): absent from every item of one answer, it is information. A member the
    /// type requires, one it does not read, and an optional member of the answer itself stay as
    /// they were.
    @Test func anOptionalMemberAbsentFromEveryItemOfOneAnswerIsInfo() throws {
        let reads = [
            FieldRead(path: JSONPath(parsing: "$.experiments[*].id")!, type: "String", required: true),
            FieldRead(path: JSONPath(parsing: "$.experiments[*].tags")!, type: "Array<Tag>", required: false),
            FieldRead(path: JSONPath(parsing: "$.experiments[*].stage")!, type: "String", required: false),
            FieldRead(path: JSONPath(parsing: "$.next_page_token")!, type: "String", required: false),
        ]
        let mock = #"{"experiments": [{"id": "1", "tags": [{"key": "team"}], "note": "n", "stage": "s"}], "next_page_token": "t2"}"#
        let changes = ShapeDiff.changes(
            expected: Shape(of: try JSONParser.parse(mock)), found: Shape(of: try JSONParser.parse(#"{"experiments": [{}, {}]}"#)))
        let found = Drift.findings(changes, reads: reads, endpoint: "e", decodeFailure: nil, mockFile: "m.json")
        #expect(
            found.map { "\($0.severity.rawValue) \($0.kind) \($0.path ?? "-")" } == [
                "error drift-removed $.experiments[*].id", "info drift-removed $.experiments[*].tags",
                "warning drift-removed $.experiments[*].note", "info drift-removed $.experiments[*].stage",
                "warning drift-removed $.next_page_token",
            ])
        #expect(found[1].message.hasPrefix("absent from every item of this answer; optional in the decode type"))
    }

    /// A server that omits empty lists (protobuf's JSON, Go's `omitempty`) leaves a list out of
    /// a single object, or out of a search that found nothing: a list the type reads as optional,
    /// absent live, is information. A scalar gone (the demo's `mail`), a list the type requires
    /// and one it does not read stay as they were.
    @Test func anOptionalListAbsentFromOneAnswerIsInfo() throws {
        let reads = [
            FieldRead(path: JSONPath(parsing: "$.experiment.tags")!, type: "Array<Tag>", required: false),
            FieldRead(path: JSONPath(parsing: "$.experiment.name")!, type: "String", required: false),
            FieldRead(path: JSONPath(parsing: "$.experiment.runs")!, type: "Array<Run>", required: true),
        ]
        let mock = #"{"experiment": {"tags": [{"key": "team"}], "name": "n", "runs": [], "notes": ["a"]}}"#
        let changes = ShapeDiff.changes(
            expected: Shape(of: try JSONParser.parse(mock)), found: Shape(of: try JSONParser.parse(#"{"experiment": {}}"#)))
        let found = Drift.findings(changes, reads: reads, endpoint: "e", decodeFailure: nil, mockFile: "m.json")
        #expect(
            found.map { "\($0.severity.rawValue) \($0.kind) \($0.path ?? "-")" }.sorted() == [
                "error drift-removed $.experiment.runs", "info drift-removed $.experiment.tags",
                "warning drift-removed $.experiment.name", "warning drift-removed $.experiment.notes",
            ])
        #expect(found.first { $0.path == "$.experiment.tags" }?.message.hasPrefix("a list in the mock, absent live") == true)
    }

    @Test func unreadChangesAreWarnings() throws {
        #expect(
            try findings(#"{"datas": {"name": "a", "x": 1}}"#, #"{"datas": {"name": "a", "x": "1", "y": true}}"#) == [
                "warning drift-type $.datas.x", "warning drift-added $.datas.y",
            ])
    }

    /// A timeline's events carry a `content` of their own kind each: the mock's share no field,
    /// so a field of a kind the mock did not sample is info while the type reads none of it. In
    /// objects whose fields are shared (the events themselves), a new field is a warning still.
    @Test func aFieldOfAnotherVariantOfObjectsWithNothingInCommonIsInfo() throws {
        let mock = #"{"chunk": [{"id": 1, "content": {"topic": "t"}}, {"id": 2, "content": {"name": "n"}}]}"#
        let live = #"{"chunk": [{"id": 3, "content": {"membership": "join"}, "state_key": ""}]}"#
        #expect(
            try findings(mock, live) == [
                "info drift-added $.chunk[*].content.membership", "warning drift-added $.chunk[*].state_key",
            ])
        // One object, or objects sharing a field, say nothing of variants.
        #expect(try findings(#"{"datas": {"name": "a"}}"#, #"{"datas": {"name": "a", "y": 1}}"#) == ["warning drift-added $.datas.y"])
        let shared = #"{"chunk": [{"content": {"kind": "a", "topic": "t"}}, {"content": {"kind": "b", "name": "n"}}]}"#
        #expect(
            try findings(shared, #"{"chunk": [{"content": {"kind": "c", "users": {}}}]}"#) == [
                "warning drift-added $.chunk[*].content.users"
            ])
    }

    @Test func readTypeChangeAndRequiredNullAreErrors() throws {
        #expect(try findings(#"{"datas": {"name": "a"}}"#, #"{"datas": {"name": 1}}"#) == ["error drift-type $.datas.name"])
        #expect(try findings(#"{"datas": {"name": "a"}}"#, #"{"datas": {"name": null}}"#) == ["error drift-null $.datas.name"])
    }
}
