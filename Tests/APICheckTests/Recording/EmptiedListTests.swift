import APICheck
import Foundation
import TestSupport
import Testing

/// An answer whose content list is empty where the mock shows items (a staging server with
/// nothing in it yet) does not replace the mock: an empty list says nothing of its items, and drift
/// would have nothing to compare with there for good. It is said, and `--force` writes it all the
/// same. A list nested in an answer that has content is that answer's to record.
@Suite struct EmptiedListTests {
    struct Page: Decodable, Sendable {
        struct Item: Decodable, Sendable { var id: Int }
        var data: [Item]
        var tags: [String]
    }

    struct Dag: Decodable, Sendable {
        var name: String
        var owners: [String]
    }

    static let list = Endpoint<Page>(
        id: "items.list", .get, "items", parameters: [.query("page", .int)], mock: "items", enveloped: false,
        paging: .pageNumber(ids: "$.data[*].id", next: "page"))
    static let all = Endpoint<[Page.Item]>(id: "items.all", .get, "all", mock: "all", enveloped: false)
    static let dag = Endpoint<Dag>(id: "dag.show", .get, "dag", mock: "dag", enveloped: false)
    struct Listing: Decodable, Sendable {
        var items: [Page.Item]?
        var results: [Page.Item]?
    }

    static let tags = Endpoint<Listing>(id: "tags.list", .get, "tags", mock: "tags", enveloped: false)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Runs: Decodable, Sendable {
        struct Run: Decodable, Sendable { var info: [String: String] }
        var runs: [Run]?
        var next_page_token: String?
    }

    static let runs = Endpoint<Runs>(
        id: "runs.search", .get, "runs", parameters: [.query("page_token", .string)], mock: "runs", enveloped: false,
        paging: .token(ids: "$.runs[*].info.run_id", from: .body("$.next_page_token"), next: "page_token"))
    static let api = API(name: "t", envelope: .none, endpoints: [list, all, dag, tags, runs])
    static let mock = #"{"data": [{"id": 1}], "tags": []}"#

    func record(_ answer: String, force: Bool = false) throws -> (MockWriteResult, String) {
        try record(answer, over: Self.mock, for: Self.list.erased, force: force)
    }

    func record(_ answer: String, over mock: String, for endpoint: AnyEndpoint, force: Bool = false) throws -> (MockWriteResult, String) {
        let folder = try TemporaryFolder("apicheck-emptied")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent(endpoint.mock + ".json")
        try mock.write(to: file, atomically: true, encoding: .utf8)
        let candidate = MockCandidate(endpoint: endpoint, status: 200, document: try JSONParser.parse(answer))
        let results = MockWriter(api: Self.api, directory: folder.url, force: force)
            .write([candidate], placeholders: SecretPlaceholders(api: Self.api))
        return (try #require(results.first), try String(contentsOf: file, encoding: .utf8))
    }

    @Test func anEmptiedListKeepsTheMockAndSaysWhere() throws {
        let (result, written) = try record(#"{"data": [], "tags": []}"#)
        #expect(result.action == .unchanged)
        #expect(written == Self.mock)
        #expect(result.findings.map(\.path) == ["$.data"])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.lines.joined(separator: "\n").contains("kept: the answer's list is empty"), "\(result.lines)")
    }

    @Test func forcedOrWithItemsTheAnswerIsWritten() throws {
        let (forced, written) = try record(#"{"data": [], "tags": []}"#, force: true)
        #expect(forced.action == .updated)
        #expect(try JSONParser.parse(Data(written.utf8)) == JSONParser.parse(Data(#"{"data": [], "tags": []}"#.utf8)))
        // A list that was empty already, and one with other items, are no reason to keep.
        let (fuller, _) = try record(#"{"data": [{"id": 2}], "tags": []}"#)
        #expect(fuller.action == .updated)
        #expect(fuller.findings.isEmpty)
    }

    @Test func anEmptiedRootArrayKeepsTheMock() throws {
        let (result, written) = try record("[]", over: #"[{"id": 1}]"#, for: Self.all.erased)
        #expect(result.action == .unchanged)
        #expect(written == #"[{"id": 1}]"#)
        #expect(result.findings.map(\.path) == ["$"])
    }

    /// A DAG without owners is still a DAG: its other fields' drift is recorded.
    @Test func aNestedListEmptiedInAnAnswerWithContentIsRecorded() throws {
        let (dag, written) = try record(
            #"{"name": "a", "owners": [], "is_paused": false}"#, over: #"{"name": "a", "owners": ["airflow"]}"#, for: Self.dag.erased)
        #expect(dag.action == .updated)
        // Said, as a note: the shape diff shows no change for a list emptied.
        #expect(dag.findings.map(\.path) == ["$.owners"])
        #expect(dag.findings.map(\.severity) == [.info])
        #expect(dag.lines.joined(separator: "\n").contains("recorded empty"), "\(dag.lines)")
        #expect(try JSONParser.parse(Data(written.utf8))["is_paused"] == .bool(false))
        // The items of a page, each with a list of its own emptied.
        let (page, _) = try record(
            #"{"data": [{"id": 2, "tags": []}], "tags": []}"#, over: #"{"data": [{"id": 1, "tags": ["x"]}], "tags": []}"#,
            for: Self.list.erased)
        #expect(page.action == .updated)
        #expect(page.findings.map(\.path) == ["$.data[*].tags"], "\(page.lines)")
    }

    /// A page object no paging declares (ZenML's `{index, total_pages, total, items}`, Django's
    /// `{count, next, previous, results}`): its one list beside scalar counts is its content. An
    /// object with another array or an object beside the list is a resource, its lists its own.
    @Test func theListOfAnUndeclaredPageIsItsContent() throws {
        let page = Self.tags.erased
        let mock = #"{"index": 1, "max_size": 20, "total_pages": 1, "total": 1, "items": [{"id": 1}]}"#
        let (kept, written) = try record(#"{"index": 1, "max_size": 20, "total_pages": 1, "total": 0, "items": []}"#, over: mock, for: page)
        #expect(kept.action == .unchanged)
        #expect(written == mock)
        #expect(kept.findings.map(\.path) == ["$.items"] && kept.findings.map(\.severity) == [.warning])
        let django = #"{"count": 1, "next": null, "previous": null, "results": [{"id": 1}]}"#
        let (results, _) = try record(#"{"count": 0, "next": null, "previous": null, "results": []}"#, over: django, for: page)
        #expect(results.action == .unchanged)
        for (resource, emptied) in [
            (#"{"total": 1, "items": [{"id": 1}], "tags": ["a"]}"#, #"{"total": 0, "items": [], "tags": ["a"]}"#),
            (#"{"total": 1, "items": [{"id": 1}], "owner": {"id": 1}}"#, #"{"total": 0, "items": [], "owner": {"id": 1}}"#),
            (#"{"name": "a", "items": [{"id": 1}]}"#, #"{"name": "a", "items": []}"#),
        ] {
            let (recorded, _) = try record(emptied, over: resource, for: page)
            #expect(recorded.action == .updated, "\(resource)")
        }
    }

    /// Protobuf's JSON (MLflow's) leaves out an empty list and the last page's token: `{}` is an
    /// empty page, kept over the mock as `[]` is; a last page without its token is written. A
    /// page that shows its items under another name is still refused.
    @Test func anEmptyPageOrALastPageAsProtobufWritesThemIsNoRefusal() throws {
        let mock = #"{"runs": [{"info": {"run_id": "a1"}}], "next_page_token": "t2"}"#
        let (empty, kept) = try record("{}", over: mock, for: Self.runs.erased)
        #expect(empty.action == .unchanged, "\(empty.lines)")
        #expect(kept == mock)
        #expect(empty.findings.map(\.path) == ["$.runs"] && empty.findings.map(\.severity) == [.warning], "\(empty.lines)")
        let (last, written) = try record(#"{"runs": [{"info": {"run_id": "b2"}}]}"#, over: mock, for: Self.runs.erased)
        #expect(last.action == .updated, "\(last.lines)")
        #expect(!last.findings.contains { $0.severity == .error }, "\(last.lines)")
        #expect(try JSONParser.parse(Data(written.utf8))["next_page_token"] == nil)
        let (elsewhere, _) = try record(#"{"items": [{"info": {"run_id": "b2"}}]}"#, over: mock, for: Self.runs.erased)
        #expect(elsewhere.action == .refused, "\(elsewhere.lines)")
    }
}
