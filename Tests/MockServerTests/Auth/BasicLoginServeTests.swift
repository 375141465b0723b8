import APICheck
import Foundation
@testable import MockServer
import TestSupport
import Testing

/// `serve` emulating a login that takes HTTP Basic credentials, and `live` against it: the right
/// pair issues a token, any other pair or none is refused as the login's wrong credentials, and
/// the pair and its password never reach a report.
@Suite struct BasicLoginServeTests {
    static let kind = TokenModelAPIs.basicLogin

    func withServe(_ body: (ServeHarness, TemporaryMocks) async throws -> Void) async throws {
        let mocks = try TemporaryMocks(files: Self.kind.mocks)
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = TokenModelAPIs.environment
        let harness = try ServeHarness(api: Self.kind.api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        try await body(harness, mocks)
    }

    static func basic(_ account: String, _ password: String) -> [(name: String, value: String)] {
        [("Authorization", "Basic " + AuthPolicy.basicCredentials(account: account, password: password))]
    }

    @Test func onlyTheGivenPairLogsIn() async throws {
        try await withServe { harness, _ in
            let good = try await harness.send(.post, "auth/login", headers: Self.basic("ada", "pw"))
            #expect(good.status == 200)
            let token = try #require(try ServeHarness.json(good)["access_token"]?.stringValue)
            #expect(try await harness.send(.get, "me", headers: [("Authorization", "Bearer " + token)]).status == 200)
            #expect(try await harness.send(.post, "auth/login", headers: Self.basic("ada", "wrong")).status == 401)
            #expect(try await harness.send(.post, "auth/login", headers: Self.basic("eve", "pw")).status == 401)
            #expect(try await harness.send(.post, "auth/login").status == 401)
            // Credentials in the body are not Basic credentials.
            #expect(try await harness.send(.post, "auth/login", json: #"{"user": "ada", "password": "pw"}"#).status == 401)
        }
    }

    @Test func liveWithAWrongPasswordSaysTheCredentialsWereRefusedAndPrintsNoSecret() async throws {
        try await withServe { harness, mocks in
            var environment = TokenModelAPIs.environment
            environment["MODEL_PASSWORD"] = "wrong-password-42"
            let report = await LiveCheck(
                api: Self.kind.api, transport: harness.transport,
                options: LiveOptions(
                    baseURL: harness.server.baseURL, mocksDirectory: mocks.url, environment: environment)
            ).run()
            #expect(report.runFindings.contains { $0.kind == .credentials && $0.endpoint == "auth.login" })
            #expect(report.results.first { $0.endpoint == "account.me" }?.skipped != nil)
            let json = JSONReport.render(report, context: RenderContext(tool: "apicheck"))
            let pair = AuthPolicy.basicCredentials(account: "ada", password: "wrong-password-42")
            #expect(!json.contains("wrong-password-42"))
            #expect(!json.contains(pair))
            // The command sends the credentials again from the variables a person has set.
            #expect(json.contains(#"-u \"$MODEL_USER\"':'\"$MODEL_PASSWORD\""#), "\(json)")
        }
    }
}
