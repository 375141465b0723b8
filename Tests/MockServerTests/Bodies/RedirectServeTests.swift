import APICheck
import Foundation
import MockServer
import Testing

/// A redirect an endpoint declares as its answer (Airflow's login, a 307 to its web page) is
/// served from its mock, `login.307.json`, as the server sends it: the status, `Location` where
/// the file says, and no body.
@Suite struct RedirectServeTests {
    static let login = Endpoint<JSONValue>(id: "login", .get, "auth/login", mock: "login", enveloped: false)
        .alsoSucceeding(with: 307)
    static let api = API(name: "t", envelope: .none, endpoints: [login])

    @Test func aRedirectMockIsServedAsItsStatusAndLocation() async throws {
        let mocks = try TemporaryMocks(files: ["login.307.json": #"{"Location": "/auth/login?next=%2F"}"#])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        var request = HTTPRequest(method: .get, url: URL(string: "auth/login", relativeTo: harness.server.baseURL)!.absoluteURL)
        request.followsRedirects = false
        let answer = try await harness.transport.send(request)
        #expect(answer.status == 307)
        #expect(answer.header("Location") == "/auth/login?next=%2F", "\(answer.headers)")
        #expect(answer.body.isEmpty)
        #expect(answer.header("X-Apicheck-Endpoint") == "login")
    }
}
