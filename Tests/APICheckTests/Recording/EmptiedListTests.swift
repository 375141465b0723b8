import APICheck
import Foundation
import TestSupport
import Testing

/// An answer whose list is empty where the mock shows items (a staging server with nothing in it
/// yet) does not replace the mock: an empty list says nothing of its items, and drift would have
/// nothing to compare with there for good. It is said, and `--force` writes it all the same.
@Suite struct EmptiedListTests {
    struct Page: Decodable, Sendable {
        struct Item: Decodable, Sendable { var id: Int }
        var data: [Item]
        var tags: [String]
    }

    static let list = Endpoint<Page>(id: "items.list", .get, "items", mock: "items", enveloped: false)
    static let api = API(name: "t", envelope: .none, endpoints: [list])
    static let mock = #"{"data": [{"id": 1}], "tags": []}"#

    func record(_ answer: String, force: Bool = false) throws -> (MockWriteResult, String) {
        let folder = try TemporaryFolder("apicheck-emptied")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("items.json")
        try Self.mock.write(to: file, atomically: true, encoding: .utf8)
        let candidate = MockCandidate(endpoint: Self.list.erased, status: 200, document: try JSONParser.parse(answer))
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
}
