import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

        var components = URLComponents(url: base.appendingPathComponent("statuses/home_timeline"),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "count", value: "3"), URLQueryItem(name: "access_token", value: token)]
        let (body, response) = try await URLSession.shared.data(from: components.url!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try SandboxJSONParser.parse(body)["datas"]?["statuses"]?.arrayValue?.count == 3)

        let (_, dead) = try await URLSession.shared.data(from: base.appendingPathComponent("users/show"))
        #expect((dead as? HTTPURLResponse)?.statusCode == 403)
    }
}
