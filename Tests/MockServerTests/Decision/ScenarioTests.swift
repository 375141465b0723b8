import APICheck
import Contracts
import Foundation
import MockServer
import Testing

/// Scenarios: per request with `Prefer`, sticky from `--scenario` or the admin API, scoped to a
/// session with `X-Apicheck-Session`; an unknown one is a 400 naming the known ones.
@Suite(.serialized) struct ScenarioTests {
    static func code(_ response: HTTPResponse) throws -> Int? {
        try JSONParser.parse(response.body)["code"]?.int64Value.map(Int.init)
    }

    @Test func preferChoosesAScenarioForOneRequest() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        let chosen = try await harness.send(.get, "statuses/5?access_token=\(token)", headers: [("Prefer", "scenario=not_found")])
        #expect(try Self.code(chosen) == 20101)
        let next = try await harness.send(.get, "statuses/5?access_token=\(token)")
        #expect(try Self.code(next) == 200)
    }

    @Test func anUnknownScenarioIsA400NamingTheKnownOnes() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        let response = try await harness.send(.get, "statuses/5?access_token=\(token)", headers: [("Prefer", "scenario=gone")])
        #expect(response.status == 400)
        let document = try JSONParser.parse(response.body)
        #expect(document["known"] == .array(["success", "expired", "logout", "not_found"].map(JSONValue.string)))
        let sticky = try await harness.send(.put, "/__apicheck/scenarios/statuses.show", json: #"{"scenario": "gone"}"#)
        #expect(sticky.status == 400)
        #expect(throws: MockServerError.self) {
            _ = try MockServer(
                api: Demo.api, mocks: ServeHarness.demoMocks, options: MockServerOptions(scenarios: ["statuses.show": "gone"]))
        }
    }

    @Test func stickyChoicesHoldUntilClearedAndSessionsDoNotSeeEachOthers() async throws {
        let harness = try ServeHarness(options: MockServerOptions(scenarios: ["topics.list": "success"]))
        defer { harness.stop() }
        let token = try await harness.login()
        let put = try await harness.send(
            .put, "/__apicheck/scenarios/statuses.show", headers: [("X-Apicheck-Session", "ui-test-1")],
            json: #"{"scenario": "not_found"}"#)
        #expect(put.status == 200)
        let inSession = try await harness.send(.get, "statuses/5?access_token=\(token)", headers: [("X-Apicheck-Session", "ui-test-1")])
        #expect(try Self.code(inSession) == 20101)
        let otherSession = try await harness.send(.get, "statuses/5?access_token=\(token)", headers: [("X-Apicheck-Session", "ui-test-2")])
        #expect(try Self.code(otherSession) == 200)
        let noSession = try await harness.send(.get, "statuses/5?access_token=\(token)")
        #expect(try Self.code(noSession) == 200)
        // A request's own preference beats the session's sticky choice.
        let preferred = try await harness.send(
            .get, "statuses/5?access_token=\(token)",
            headers: [("X-Apicheck-Session", "ui-test-1"), ("Prefer", "scenario=success")])
        #expect(try Self.code(preferred) == 200)

        let global = try await harness.send(.put, "/__apicheck/scenarios/statuses.show", json: #"{"scenario": "not_found"}"#)
        #expect(global.status == 200)
        #expect(try Self.code(try await harness.send(.get, "statuses/5?access_token=\(token)")) == 20101)
        let listed = try JSONParser.parse(try await harness.send(.get, "/__apicheck/scenarios").body)
        #expect(listed["choices"]?["statuses.show"]?["scenario"]?.stringValue == "not_found")
        #expect(listed["choices"]?["topics.list"]?["scenario"]?.stringValue == "success")

        let deleted = try await harness.send(.delete, "/__apicheck/scenarios/statuses.show")
        #expect(deleted.status == 204)
        #expect(try Self.code(try await harness.send(.get, "statuses/5?access_token=\(token)")) == 200)
        // The session's own choice outlives the server-wide one until its session clears it.
        #expect(
            try Self.code(
                try await harness.send(
                    .get, "statuses/5?access_token=\(token)",
                    headers: [("X-Apicheck-Session", "ui-test-1")])) == 20101)
        _ = try await harness.send(.delete, "/__apicheck/scenarios", headers: [("X-Apicheck-Session", "ui-test-1")])
        #expect(
            try Self.code(
                try await harness.send(
                    .get, "statuses/5?access_token=\(token)",
                    headers: [("X-Apicheck-Session", "ui-test-1")])) == 200)
    }

    @Test func aStickyLoginFailureIssuesNoToken() async throws {
        let harness = try ServeHarness(options: MockServerOptions(scenarios: ["account.login": "wrong_password"]))
        defer { harness.stop() }
        let client = harness.client()
        await #expect(throws: APIError.self) { _ = try await client.send(Demo.login, ["account": "demo", "password": "pw"]) }
        #expect(client.session.token == nil)
    }
}
