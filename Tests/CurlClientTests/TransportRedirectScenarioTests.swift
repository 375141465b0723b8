import APICheck
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Redirects stay within the target's origin (scheme, host, port) for every network transport:
/// a body with credentials, the token in the query and secret headers never reach another
/// host. Two loopback servers on two ports are two origins.
@Suite struct TransportRedirectScenarioTests {
    static let secretBody = Data(#"{"account":"demo","password":"pa/ss+w%rd"}"#.utf8)

    @Test(arguments: TransportUnderTest.allCases, [307, 308, 302, 301, 303])
    func aRedirectToAnotherOriginIsNotFollowed(kind: TransportUnderTest, status: Int) async throws {
        let elsewhere = try TestServer { _ in ServerResponse(body: Data("stolen".utf8)) }
        defer { elsewhere.stop() }
        let target = try TestServer { _ in
            ServerResponse(
                status: status, headers: [(name: "Location", value: elsewhere.url("/collect?access_token=t0k3n").absoluteString)])
        }
        defer { target.stop() }

        let response = try await kind.make().send(
            HTTPRequest(
                method: .post, url: target.url("/Api/Account/login?access_token=t0k3n"),
                headers: [("Authorization", "Bearer t0k3n"), ("X-Api-Key", "k3y"), ("Content-Type", "application/json")],
                body: Self.secretBody))

        #expect(response.status == status)
        #expect(response.crossOriginRedirect(from: target.url("/Api/Account/login"))?.port == elsewhere.server.port)
        #expect(elsewhere.requests.isEmpty)
        #expect(target.requests.count == 1)
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aRedirectWithinTheOriginRepeatsTheBodyAndHeadersFor307(kind: TransportUnderTest) async throws {
        let target = try TestServer { request in
            request.path == "/old"
                ? ServerResponse(status: 307, headers: [(name: "Location", value: "/new")])
                : ServerResponse(body: request.body)
        }
        defer { target.stop() }

        let response = try await kind.make().send(
            HTTPRequest(
                method: .post, url: target.url("/old"), headers: [("Content-Type", "application/json"), ("Authorization", "Bearer t0k3n")],
                body: Self.secretBody))

        #expect(response.status == 200)
        #expect(response.body == Self.secretBody)
        #expect(response.url?.path == "/new")
        #expect(target.requests.map { "\($0.method) \($0.path)" } == ["POST /old", "POST /new"])
        #expect(target.requests.last?.header("Authorization") == "Bearer t0k3n")
    }

    @Test(arguments: TransportUnderTest.allCases)
    func a303BecomesAGetWithoutTheBody(kind: TransportUnderTest) async throws {
        let target = try TestServer { request in
            request.path == "/form"
                ? ServerResponse(status: 303, headers: [(name: "Location", value: "/done")])
                : ServerResponse(body: Data("\(request.method) \(request.body.count)".utf8))
        }
        defer { target.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .post, url: target.url("/form"), body: Self.secretBody))

        #expect(String(decoding: response.body, as: UTF8.self) == "GET 0")
    }
}
