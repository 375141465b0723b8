import APICheck
import Contracts
import Foundation
import HTTPServer
import MockServer
import Testing

/// An API whose server refuses an invalid request with 422 (FastAPI) declares it; `serve`
/// refuses with it, a request it cannot read included, and keeps 400 for an API that does not.
@Suite struct InvalidRequestStatusTests {
    func refusal(_ api: API, body: String) throws -> ServerResponse {
        let server = try MockServer(api: api, mocks: ServeHarness.demoMocks)
        return server.respond(
            to: ServerRequest(
                method: "POST", path: "/Api/Account/login", headers: [("Content-Type", "application/json")], body: Data(body.utf8)))
    }

    @Test func serveRefusesWithTheDeclaredStatus() throws {
        let fastAPI = Demo.api.refusingInvalidRequests(with: 422)
        #expect(fastAPI.invalidRequestStatus == 422 && Demo.api.invalidRequestStatus == 400)
        let missing = try refusal(fastAPI, body: #"{"account": "demo"}"#)
        #expect(missing.status == 422, "\(String(decoding: missing.body, as: UTF8.self))")
        #expect(try refusal(fastAPI, body: #"{"account": "#).status == 422)
        #expect(try refusal(Demo.api, body: #"{"account": "demo"}"#).status == 400)
    }
}
