import APICheck
import Foundation
import Synchronization
import Testing

/// An imported package's declaration is `adjusted(declared)`: what a file of the package's own
/// says in `adjusted(_:)` (an endpoint paged, the expired answers) outlives the import's rewrite.
@Suite struct AdjustedAPITests {
    struct Record: Decodable, Sendable { var id: String }
    struct Records: Decodable, Sendable { var data: [Record] }

    static let records = Endpoint<Records>(
        id: "get_records", .get, "records", parameters: [.query("_limit", .int, sample: .literal(2))], mock: "get_records")
    static let paging = Paging.url(ids: "$.data[*].id", from: .header("Next-Page"), size: "_limit")

    enum Generated: AdjustedAPI {
        static let declared = API(name: "kinto", envelope: .none, expired: [.status(401)], endpoints: [AdjustedAPITests.records])
        static let api = adjusted(declared)
    }

    enum Untouched: AdjustedAPI {
        static let api = adjusted(API(name: "kinto", envelope: .none, endpoints: [AdjustedAPITests.records]))
    }

    @Test func thePackagesOwnAdjustmentsAreTheAPI() {
        #expect(Generated.declared.endpoint("get_records")?.paging == nil)
        #expect(Generated.api.endpoint("get_records")?.paging?.cursor == Self.paging.cursor)
        #expect(Generated.api.endpoint("get_records")?.paging?.size == "_limit")
        #expect(Generated.api.expired.isEmpty && Generated.api.problems.isEmpty, "\(Generated.api.problems.map(\.message))")
        #expect(Untouched.api.endpoint("get_records")?.paging == nil)
    }

    /// Pulp's lists declare `limit` without a sample: `live` reads one page of the server's
    /// default size. `declaring(_:)` gives it one in `adjusted(_:)`, in place of the import's,
    /// and adds a header the document leaves out; the request `live` sends carries both.
    @Test func aParameterIsDeclaredInPlaceOfTheImports() async throws {
        final class Recording: Transport, Sendable {
            let sent = Mutex<[HTTPRequest]>([])
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                sent.withLock { $0.append(request) }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"data": []}"#.utf8))
            }
        }
        let imported = Endpoint<Records>(
            id: "tasks_list", .get, "tasks/", parameters: [.query("limit", .int), .query("offset", .int)], mock: "tasks_list")
        let api = API(name: "pulp", envelope: .none, endpoints: [imported]).changingEndpoint("tasks_list") {
            $0.declaring(.query("limit", .int, sample: .literal(1))).declaring(.header("X-Task-Diagnostics", sample: .literal("memory")))
        }
        #expect(api.endpoint("tasks_list")?.parameters.map(\.name) == ["limit", "offset", "X-Task-Diagnostics"])
        let server = Recording()
        _ = await LiveCheck(api: api, transport: server, options: LiveOptions(baseURL: URL(string: "http://pulp.invalid/")!)).run()
        let request = try #require(server.sent.withLock { $0.first })
        #expect(request.url.query == "limit=1", "\(request.url)")
        #expect(request.header("X-Task-Diagnostics") == "memory")
    }

    @Test func aChangeOfNoEndpointIsADeclarationProblem() {
        let api = Generated.declared.changingEndpoint("get_record") { $0.paged(Self.paging) }
        #expect(api.endpoints.map { $0.paging == nil } == [true])
        #expect(api.problems.map(\.message) == [#"changingEndpoint("get_record") names no endpoint: the change was not made"#])
    }
}

extension AdjustedAPITests.Generated {
    static func adjusted(_ api: API) -> API {
        var api = api.changingEndpoint("get_records") { $0.paged(AdjustedAPITests.paging) }
        api.expired = []
        return api
    }
}
