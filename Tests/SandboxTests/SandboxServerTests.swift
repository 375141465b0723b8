import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import HTTPServer
import Testing
@testable import Sandbox

/// Over a real socket on 127.0.0.1:0.
@Suite(.serialized)
struct SandboxServerTests {
    @Test func servesTheDemoAPIOnALoopbackPort() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let base = server.baseURL
        #expect(base.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(base.absoluteString.hasSuffix("/Api/"))

        var login = URLRequest(url: base.appendingPathComponent("Account/login"))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = Data(#"{"account":"demo","password":"demo-password"}"#.utf8)
        let (loginBody, loginResponse) = try await URLSession.shared.data(for: login)
        #expect((loginResponse as? HTTPURLResponse)?.statusCode == 200)
        let token = try #require(try SandboxJSONParser.parse(loginBody)["datas"]?["utoken"]?.stringValue)

        var components = URLComponents(
            url: base.appendingPathComponent("statuses/home_timeline"),
            resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "count", value: "3"), URLQueryItem(name: "access_token", value: token)]
        let (body, response) = try await URLSession.shared.data(from: components.url!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try SandboxJSONParser.parse(body)["datas"]?["statuses"]?.arrayValue?.count == 3)

        let (_, dead) = try await URLSession.shared.data(from: base.appendingPathComponent("users/show"))
        #expect((dead as? HTTPURLResponse)?.statusCode == 403)
    }

    @Test func headOnAGetRouteSendsTheHeadersOfGetWithoutTheBody() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("topics")

        var head = URLRequest(url: url)
        head.httpMethod = "HEAD"
        let (headBody, headResponse) = try await URLSession.shared.data(for: head)
        let (getBody, _) = try await URLSession.shared.data(from: url)

        let response = try #require(headResponse as? HTTPURLResponse)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == "\(getBody.count)")
        #expect(headBody.isEmpty)
        #expect(getBody.count > 100)
    }

    @Test func theServerLimitsAreTheOnesGiven() async throws {
        let server = SandboxServer(limits: HTTPServerConfiguration(maxRequestBody: 64))
        try server.start()
        defer { server.stop() }

        var login = URLRequest(url: server.baseURL.appendingPathComponent("Account/login"))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = Data(#"{"account":"demo","password":"demo-password","padding":"\#(String(repeating: "x", count: 64))"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: login)

        #expect((response as? HTTPURLResponse)?.statusCode == 413)
    }
}
