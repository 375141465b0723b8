import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing
import TestSupport

/// `serve` reads the refresh token where the refresh policy places it: an API whose refresh takes
/// `Authorization: Bearer <refresh token>` (Flask-JWT-Extended) gets its refresh from a client
/// that sends it so, and a raw token in that header is no token serve issued.
@Suite struct ServeRefreshPlacementTests {
    static func refresh(_ server: MockServer, authorization: String) -> ServerResponse {
        server.respond(
            to: ServerRequest(method: "POST", path: "/api/security/refresh", headers: [("Authorization", authorization)]))
    }

    static func login(_ server: MockServer) throws -> String {
        let login = server.respond(
            to: ServerRequest(
                method: "POST", path: "/api/security/login", headers: [("Content-Type", "application/json")],
                body: Data(#"{"username": "admin", "password": "Adm1n-Pa55!"}"#.utf8)))
        #expect(login.status == 200)
        return try #require(try JSONParser.parse(login.body)["refresh_token"]?.stringValue)
    }

    @Test func theRefreshTokenIsReadFromTheBearerHeader() throws {
        let folder = try BearerRefreshAPI.mockFolder()
        defer { folder.remove() }
        let server = try MockServer(api: BearerRefreshAPI.api, mocks: folder.url)
        let refreshToken = try Self.login(server)
        let raw = Self.refresh(server, authorization: refreshToken)
        #expect(raw.status == 401)
        let bearer = Self.refresh(server, authorization: "Bearer " + refreshToken)
        #expect(bearer.status == 200)
        let renewed = try JSONParser.parse(bearer.body)["access_token"]?.stringValue
        #expect(renewed != nil && renewed != "at-refreshed")
    }
}
