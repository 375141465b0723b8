import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing
import TestSupport

/// A refresh serve cannot answer with success (started with `--allow-invalid` and no usable
/// success mock for the refresh endpoint) answers the missing mock and leaves the tokens as they
/// were: the client got no new tokens, so the refresh token it sent must still renew and the
/// access token must still work.
@Suite struct ServeRefreshWithoutMockTests {
    static func post(_ path: String, _ json: String) -> ServerRequest {
        ServerRequest(method: "POST", path: "/notes/" + path, headers: [("Content-Type", "application/json")], body: Data(json.utf8))
    }

    static func me(_ server: MockServer, _ token: String) -> ServerResponse {
        server.respond(to: ServerRequest(method: "GET", path: "/notes/me", headers: [("Authorization", "Bearer \(token)")]))
    }

    /// The notes API's mocks with `refresh.json` left out, or written as `refreshMock`.
    static func folder(refreshMock: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("refresh-without-mock")
        var mocks = RefreshingAPI.mocks
        mocks["refresh.json"] = refreshMock
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// Logs in; the access and refresh tokens serve issued.
    static func login(_ server: MockServer) throws -> (access: String, refresh: String) {
        let login = server.respond(to: post("auth/login", #"{"user": "ada", "password": "pw"}"#))
        #expect(login.status == 200)
        let document = try JSONParser.parse(login.body)
        return (try #require(document["access_token"]?.stringValue), try #require(document["refresh_token"]?.stringValue))
    }

    @Test func aRefreshWithNoSuccessMockSpendsNothingAndNamesTheMissingFile() throws {
        let folder = try Self.folder(refreshMock: nil)
        defer { folder.remove() }
        let server = try MockServer(api: RefreshingAPI.api, mocks: folder.url, options: MockServerOptions(allowInvalid: true))
        let (access, refreshToken) = try Self.login(server)
        let body = #"{"refresh_token": "\#(refreshToken)"}"#
        let first = server.respond(to: Self.post("auth/refresh", body))
        #expect(first.status == 500)
        let message = try #require(try JSONParser.parse(first.body)["error"]?.stringValue)
        #expect(message.contains("auth.refresh") && message.contains("refresh.json"), "\(message)")
        #expect(message.contains("not spent"), "\(message)")
        // The same token again: the missing mock again, not the refusal of a spent token.
        let second = server.respond(to: Self.post("auth/refresh", body))
        #expect(second.status == 500)
        #expect(second.headers.first { $0.name == "X-Apicheck-Scenario" }?.value != ScenarioName.refused.rawValue)
        #expect(server.auth.tokens.state(ofRefreshToken: refreshToken) == .issued)
        // The access token it would have replaced still works, and no other was issued.
        #expect(Self.me(server, access).status == 200)
        #expect(server.auth.tokens.working == 1)
    }

    /// Once the success mock is usable (fixed on disk, read again by serve), the refresh token
    /// the failed refresh carried renews as if that refresh had never come.
    @Test func theSameRefreshTokenRenewsOnceTheMockIsFixed() throws {
        let folder = try Self.folder(refreshMock: #"{"access_token": "#)
        defer { folder.remove() }
        var options = MockServerOptions(allowInvalid: true)
        options.reloadInterval = 0
        let server = try MockServer(api: RefreshingAPI.api, mocks: folder.url, options: options)
        let (access, refreshToken) = try Self.login(server)
        let body = #"{"refresh_token": "\#(refreshToken)"}"#
        #expect(server.respond(to: Self.post("auth/refresh", body)).status == 500)
        try Data(RefreshingAPI.mocks["refresh.json", default: ""].utf8).write(to: folder.appendingPathComponent("refresh.json"))
        let renewed = server.respond(to: Self.post("auth/refresh", body))
        #expect(renewed.status == 200)
        let document = try JSONParser.parse(renewed.body)
        let fresh = try #require(document["access_token"]?.stringValue)
        #expect(fresh != access && document["refresh_token"]?.stringValue != refreshToken)
        #expect(Self.me(server, fresh).status == 200)
        // Now it is spent and its access token replaced, as after any refresh.
        #expect(server.respond(to: Self.post("auth/refresh", body)).status == 401)
        #expect(Self.me(server, access).status == 401)
    }
}
