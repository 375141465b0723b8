import APICheck
import Foundation
@testable import MockServer
import TestSupport
import Testing

/// `serve` for an API whose writes need a CSRF token: the source answers from its mock, a write
/// is served with the token or without it, and `live` against it, fetching and sending the
/// token, passes.
@Suite struct CSRFServeTests {
    static let mocks = [
        "login.json": #"{"access_token": "at-login"}"#,
        "csrf_token.json": #"{"result": "csrf-from-the-mock"}"#,
        "csrf_token@expired.401.json": #"{"message": "Token has expired"}"#,
        "charts.json": #"{"ids": [1]}"#,
        "charts@expired.401.json": #"{"message": "Token has expired"}"#,
        "chart_created.json": #"{"id": 1}"#,
        "chart_created@expired.401.json": #"{"message": "Token has expired"}"#,
        "chart_updated.json": #"{"id": 1}"#,
        "chart_updated@expired.401.json": #"{"message": "Token has expired"}"#,
    ]

    @Test func writesAreServedWithTheTokenOrWithoutAndLivePasses() async throws {
        let mocks = try TemporaryMocks(files: Self.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: CSRFAPI.api(), mocks: mocks.url)
        defer { harness.stop() }
        let login = try await harness.send(.post, "security/login", json: #"{"username": "admin", "password": "Adm1n-Pa55!"}"#)
        let token = try #require(try ServeHarness.json(login)["access_token"]?.stringValue)
        let bearer: (name: String, value: String) = ("Authorization", "Bearer " + token)
        #expect(try await harness.send(.post, "charts", headers: [bearer], json: #"{"name": "sales"}"#).status == 201)
        let carrying: [(name: String, value: String)] = [bearer, ("X-CSRFToken", "csrf-from-the-mock"), ("Cookie", "session=abc")]
        #expect(try await harness.send(.post, "charts", headers: carrying, json: #"{"name": "sales"}"#).status == 201)

        let report = await LiveCheck(
            api: CSRFAPI.api(), transport: harness.transport,
            options: LiveOptions(baseURL: harness.server.baseURL, mocksDirectory: mocks.url, environment: CSRFAPI.credentials)
        ).run()
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.results.first { $0.name == "charts.create" }?.passed == true)
    }
}
