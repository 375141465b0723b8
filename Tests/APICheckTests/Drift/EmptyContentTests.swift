import APICheck
import Foundation
import Testing

/// A success whose list is empty decodes into any list type and matches any mock: `live` says,
/// as information, that no item was checked, where the mock shows items, and says nothing where
/// the answer has items or the mock has none either.
@Suite struct EmptyContentTests {
    struct Flow: Decodable, Sendable { var id: Int }
    struct Page: Decodable, Sendable { var items: [Flow] }

    static let filter = Endpoint<[Flow]>(id: "flows.filter", .post, "flows/filter", mock: "flows")
    static let paged = Endpoint<Page>(
        id: "flows.paged", .get, "flows", mock: "page",
        paging: .pageNumber(ids: "$.items[*].id", next: "page"))

    struct Fixed: Transport {
        let body: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    func findings(_ endpoint: AnyEndpoint, mock: String, answer: String) async throws -> [Finding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try mock.write(to: folder.appendingPathComponent(endpoint.mock + ".json"), atomically: true, encoding: .utf8)
        let report = await LiveCheck(
            api: API(name: "flows", envelope: .none, endpoints: [endpoint]), transport: Fixed(body: answer),
            options: LiveOptions(
                baseURL: URL(string: "http://flows.invalid/")!, mocksDirectory: folder, probes: false)
        ).run()
        #expect(report.verdict == .holds)
        return report.endpointResults.first?.findings ?? []
    }

    @Test func anEmptyRootListWhereTheMockShowsItemsIsInformation() async throws {
        let found = try await findings(Self.filter.erased, mock: #"[{"id": 1}]"#, answer: "[]")
        #expect(found.map(\.kind) == [.driftRemoved] && found.map(\.severity) == [.info], "\(found.map(\.message))")
        #expect(found.first?.path == "$" && found.first?.found == "[]")
        #expect(found.first?.message.hasPrefix("the answer's list is empty where the mock shows items") == true)
        #expect(try await findings(Self.filter.erased, mock: #"[{"id": 1}]"#, answer: #"[{"id": 2}]"#).isEmpty)
        #expect(try await findings(Self.filter.erased, mock: "[]", answer: "[]").isEmpty)
    }

    @Test func thePagedListIsTheContentNotANestedOne() async throws {
        let found = try await findings(Self.paged.erased, mock: #"{"items": [{"id": 1}]}"#, answer: #"{"items": []}"#)
        #expect(found.map(\.path) == ["$.items"], "\(found.map(\.message))")
    }

    /// A page object no paging declares: its one list beside scalar counts is the content.
    @Test func theListOfAnUndeclaredPageIsTheContent() async throws {
        let page = Endpoint<Page>(id: "flows.page", .get, "flows", mock: "page").erased
        let found = try await findings(
            page, mock: #"{"index": 1, "total_pages": 1, "total": 1, "items": [{"id": 1}]}"#,
            answer: #"{"index": 1, "total_pages": 1, "total": 0, "items": []}"#)
        #expect(found.map(\.path) == ["$.items"] && found.map(\.severity) == [.info], "\(found.map(\.message))")
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Runs: Decodable, Sendable {
        var runs: [Flow]?
        var next_page_token: String?
    }

    /// Protobuf's JSON (MLflow's) leaves out an empty list and the last page's token: `{}` is an
    /// empty page, said as `[]` is, and a last page without its token is no field gone. A list
    /// under another name, beside the mock's left out, is still drift.
    @Test func aPageAsProtobufWritesItIsNoDrift() async throws {
        let runs = Endpoint<Runs>(
            id: "runs.search", .get, "runs", parameters: [.query("page_token", .string)], mock: "runs",
            paging: .token(ids: "$.runs[*].id", from: .body("$.next_page_token"), next: "page_token")
        ).erased
        let mock = #"{"runs": [{"id": 1}], "next_page_token": "t2"}"#
        let empty = try await findings(runs, mock: mock, answer: "{}")
        #expect(empty.map(\.severity) == [.info] && empty.map(\.path) == ["$.runs"], "\(empty.map(\.message))")
        #expect(empty.first?.found == "absent")
        #expect(try await findings(runs, mock: mock, answer: #"{"runs": [{"id": 2}]}"#).isEmpty)
        let renamed = try await findings(runs, mock: mock, answer: #"{"items": [{"id": 2}]}"#)
        #expect(renamed.map(\.path) == ["$.runs", "$.items"] && renamed.map(\.severity) == [.warning, .warning])
    }
}
