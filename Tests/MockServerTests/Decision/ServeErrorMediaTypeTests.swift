import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing
import TestSupport

/// An endpoint that declares its errors in a type that is not JSON (Phoenix's `text/plain` 401
/// and 422) gets serve's refusals in it, the message as the whole body, as its server words them;
/// an endpoint of the same API that declares none still gets them in the API's shape.
@Suite struct ServeErrorMediaTypeTests {
    static let api = API(
        name: "phoenixish", envelope: .none, expired: [.status(401)],
        auth: .preIssued(variable: "PHX_KEY", placement: .scheme("Bearer")),
        endpoints: [
            Endpoint<JSONValue>(
                id: "listProjects", .get, "v1/projects", parameters: [.query("limit", .int)], mock: "projects", auth: .token
            )
            .answeringErrors([401, 403, 422], in: "text/plain"),
            Endpoint<JSONValue>(id: "listUsers", .get, "v1/users", parameters: [.query("limit", .int)], mock: "users", auth: .token),
        ]
    ).refusingInvalidRequests(with: 422)

    static func serve() throws -> (MockServer, TemporaryFolder) {
        let folder = try TemporaryFolder("serve-error-media-type")
        for name in ["projects.json", "users.json"] { try Data(#"{"data": []}"#.utf8).write(to: folder.appendingPathComponent(name)) }
        var options = MockServerOptions(allowInvalid: true)
        options.credentials = ["PHX_KEY": "k1"]
        return (try MockServer(api: api, mocks: folder.url, options: options), folder)
    }

    static func contentType(_ answer: ServerResponse) -> String? {
        answer.headers.last { HeaderName.same($0.name, "content-type") }?.value
    }

    @Test func aRefusedTokenIsTextWhereTheEndpointDeclaresIt() throws {
        let (server, folder) = try Self.serve()
        defer { folder.remove() }
        let refused = server.respond(to: ServerRequest(method: "GET", path: "/v1/projects", headers: [("Authorization", "Bearer nope")]))
        #expect(refused.status == 401)
        #expect(Self.contentType(refused) == "text/plain", "\(refused.headers)")
        #expect(String(decoding: refused.body, as: UTF8.self) == "token refused")
        let missing = server.respond(to: ServerRequest(method: "GET", path: "/v1/projects"))
        #expect(missing.status == 401 && Self.contentType(missing) == "text/plain")
        let other = server.respond(to: ServerRequest(method: "GET", path: "/v1/users", headers: [("Authorization", "Bearer nope")]))
        #expect(other.status == 401 && Self.contentType(other) == "application/problem+json", "\(other.headers)")
    }

    @Test func anInvalidRequestIsTextWhereTheEndpointDeclaresIt() throws {
        let (server, folder) = try Self.serve()
        defer { folder.remove() }
        let invalid = server.respond(
            to: ServerRequest(method: "GET", path: "/v1/projects", query: [("limit", "abc")], headers: [("Authorization", "Bearer k1")]))
        #expect(invalid.status == 422, "\(String(decoding: invalid.body, as: UTF8.self))")
        #expect(Self.contentType(invalid) == "text/plain")
        #expect(String(decoding: invalid.body, as: UTF8.self).hasPrefix("listProjects: "))
    }
}
