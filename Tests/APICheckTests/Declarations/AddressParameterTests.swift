@testable import APICheck
import Foundation
import Testing

/// A path parameter holding a whole address (an href an answer gives): live sends the address as
/// it is; a path that begins with one is reached by live alone.
@Suite struct AddressParameterTests {
    struct Repository: Codable, Sendable { var name: String }

    static func endpoint(_ id: String, _ path: String, _ name: String, _ method: HTTPMethod = .get) -> Endpoint<Repository> {
        Endpoint<Repository>(id: id, method, path, parameters: [.path(name, .string).holdingAddress()], mock: id)
    }

    static let api = API(
        name: "hrefs", envelope: .none,
        endpoints: [
            endpoint("repository", "api/repositories/{repository_href}/", "repository_href"),
            endpoint("sync", "api/repositories/{repository_href}/sync/", "repository_href", .post),
            endpoint("task", "{task_href}", "task_href"),
            endpoint("worker", "{worker_href}", "worker_href"),
        ])

    @Test func theAddressIsSentAsItIsInPlaceOfThePathUpToItsPlaceholder() throws {
        let builder = RequestBuilder(api: Self.api, baseURL: URL(string: "http://127.0.0.1:9/")!)
        func url(_ index: Int, _ value: String) throws -> String {
            let name = Self.api.endpoints[index].pathParameterNames[0]
            return try builder.request(for: Self.api.endpoints[index], [name: .string(value)], token: nil).url.absoluteString
        }
        #expect(try url(0, "/api/repositories/0a-1b/") == "http://127.0.0.1:9/api/repositories/0a-1b/")
        #expect(try url(1, "/api/repositories/0a-1b/") == "http://127.0.0.1:9/api/repositories/0a-1b/sync/")
        #expect(try url(2, "/api/tasks/7/") == "http://127.0.0.1:9/api/tasks/7/")
        // An address under another root is sent where it points; a whole URL gives its path.
        #expect(try url(1, "/other/api/repositories/3/") == "http://127.0.0.1:9/other/api/repositories/3/sync/")
        #expect(try url(0, "http://elsewhere:1/api/repositories/4/") == "http://127.0.0.1:9/api/repositories/4/")
        // One segment is a path value as any other.
        #expect(try url(1, "0a 1b") == "http://127.0.0.1:9/api/repositories/0a%201b/sync/")
    }

    @Test func pathsThatBeginWithAnAddressDoNotClashAndRouteNoRequest() {
        #expect(Self.api.problems.map(\.message) == [])
        let table = RouteTable(Self.api.endpoints)
        guard case let .found(endpoint, values) = table.match(method: "GET", path: "api/repositories/0a-1b/") else {
            Issue.record("the repository's address is not routed")
            return
        }
        #expect(endpoint.id == "repository" && values.map(\.value) == ["0a-1b"])
        guard case .notFound = table.match(method: "GET", path: "foo") else {
            Issue.record("a one-segment path was routed to a path that begins with an address")
            return
        }
    }
}
