import APICheck
import Foundation
import TestSupport
import Testing

/// `mocks` judges a paging declaration against the endpoint's own success mock: ids where the
/// declaration reads them (numbers or strings), and a body token that is there.
@Suite struct MockAuditPagingTests {
    struct Page: Decodable, Sendable {}

    func audit(_ paging: Paging, mock: String) throws -> [Finding] {
        let folder = try TemporaryFolder("paging-audit")
        defer { folder.remove() }
        try Data(mock.utf8).write(to: folder.appendingPathComponent("messages.json"))
        let messages = Endpoint<Page>(
            id: "rooms.messages", .get, "messages", parameters: [.query("from", .string)], mock: "messages",
            paging: paging)
        let api = API(name: "paged", envelope: .none, endpoints: [messages])
        return MockAudit(api: api, directory: folder.url).run().allFindings
    }

    @Test func stringIdsAndATokenInTheMockPass() throws {
        let paging = Paging.token(ids: "$.chunk[*].event_id", from: .body("$.end"), next: "from")
        #expect(try audit(paging, mock: #"{"chunk": [{"event_id": "$a"}, {"event_id": "$b"}], "end": "t2"}"#) == [])
    }

    /// A null token is a list of one page, as an API that ends its lists with null records it.
    @Test func aNullTokenIsAListOfOnePage() throws {
        let paging = Paging.token(ids: "$.chunk[*].event_id", from: .body("$.end"), next: "from")
        #expect(try audit(paging, mock: #"{"chunk": [{"event_id": "$a"}], "end": null}"#) == [])
    }

    @Test func idsOrATokenTheMockDoesNotHaveAreMocksFindings() throws {
        let paging = Paging.token(ids: "$.events[*].event_id", from: .body("$.next_batch"), next: "from")
        let findings = try audit(paging, mock: #"{"chunk": [{"event_id": "$a"}], "end": "t2"}"#)
        #expect(
            findings.map(\.message) == [
                "the paging declaration reads ids at $.events[*].event_id, which the mock does not have (a number or string per item of an array)",
                "the paging declaration reads the next token at $.next_batch, which the mock does not have: the mock has 'end' beside it: is that the cursor?",
            ])
        #expect(
            findings.allSatisfy { $0.kind == .paging && $0.endpoint == "rooms.messages" && $0.file?.hasSuffix("messages.json") == true })
        #expect(findings.map(\.path) == ["$.events[*].event_id", "$.next_batch"])
    }

    /// Protobuf's JSON (MLflow's) leaves out an empty list and the last page's token: `{}` is an
    /// empty page, a page without its token the list's end. A page with items elsewhere, or a
    /// page that holds a cursor under another name, still shows a declaration that misses it.
    @Test func anEmptyPageOrALastPageLeftOutAsProtobufWritesThemPass() throws {
        let paging = Paging.token(ids: "$.runs[*].info.run_id", from: .body("$.next_page_token"), next: "from")
        #expect(try audit(paging, mock: "{}").map(\.message) == [])
        #expect(try audit(paging, mock: #"{"runs": [{"info": {"run_id": "a1"}}]}"#) == [])
        let misread = try audit(paging, mock: #"{"runs": [{"info": {"run_id": "a1"}}], "nextPageToken": "t2"}"#)
        #expect(misread.map(\.found) == ["absent"])
        #expect(misread.first?.message.hasSuffix("the mock has 'nextPageToken' beside it: is that the cursor?") == true)
        let elsewhere = try audit(paging, mock: #"{"items": [{"info": {"run_id": "a1"}}]}"#)
        #expect(elsewhere.map(\.found) == ["no such array of ids"])
    }

    @Test func anItemWithoutAScalarIdIsAMocksFinding() throws {
        let paging = Paging.cursor(ids: "$.chunk[*].id", order: .ascending, next: "from")
        let findings = try audit(paging, mock: #"{"chunk": [{"id": 1}, {"id": {"n": 2}}]}"#)
        #expect(findings.map(\.found) == ["no such array of ids"])
    }
}
