import APICheck
import Foundation
import MockServer
import RelayExample
import TestSupport
import Testing

/// `serve` for the second example API: live against it passes, its own refusals come in the
/// API's error shape (not problem+json), failure scenarios are served with their status, and
/// the declared success statuses (201, an empty 204) are answered.
@Suite(.serialized) struct RelayServeTests {
    @Test func liveAgainstServePassesWithEveryProbe() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let report = await LiveCheck(
            api: Relay.api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, mocksDirectory: Relay.mocks, environment: Relay.credentials, probes: true)
        ).run()
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)
        // Every probe the API declares, the refresh flow's included: serve emulates them.
        #expect(report.probeResults.count == 12)
        // serve answers each declared error check's scenario on its provoking input.
        #expect(
            report.errorCheckResults.map { "\($0.name) \($0.status ?? 0)" }
                == ["error-check unknown_room rooms.send 404", "error-check bad_query metrics.query 400"])
    }

    @Test func refusalsComeInTheAPIsErrorShape() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let missing = try await harness.send(.get, "no/such/route")
        #expect(missing.status == 404)
        #expect(missing.contentType?.hasPrefix("application/json") == true)
        let notFound = try ServeHarness.json(missing)
        #expect(notFound["errcode"] == .string("no_such_route"))
        #expect(notFound["error"]?.stringValue?.contains("no declared endpoint answers GET") == true)

        let invalid = try await harness.send(.get, "api/v1/query")
        #expect(invalid.status == 400)
        #expect(try ServeHarness.json(invalid)["errcode"] == .string("invalid_request"))

        let wrongMethod = try await harness.send(.delete, "version")
        #expect(wrongMethod.status == 405)
        #expect(try ServeHarness.json(wrongMethod)["errcode"] == .string("method_not_allowed"))

        // What the client makes of a refusal: the API's own code and message.
        let (classification, _) = Classification.of(
            status: 404, contentType: missing.contentType, body: missing.body,
            rules: Relay.api.rules(for: Relay.version.erased), redactor: Relay.api.makeRedactor())
        guard case let .failure(code, _) = classification else { Issue.record("\(classification)"); return }
        #expect(code == "no_such_route")
    }

    @Test func failureScenariosAndSuccessStatusesAreServed() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let refused = try await harness.send(
            .post, "login", headers: [("Prefer", "scenario=wrong_password")],
            json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": "x"}"#)
        #expect(refused.status == 403)
        #expect(try ServeHarness.json(refused)["errcode"] == .string("M_FORBIDDEN"))

        let client = harness.client()
        _ = try await client.send(Relay.login, ["user": "ada", "password": "relay-password"])
        let exchange = try await client.exchange(Relay.send.erased, ["roomId": "!lobby:relay", "msgtype": "m.text", "body": "hi"])
        #expect(exchange.response.status == 201)
        let read = try await client.exchange(Relay.readMarker.erased, ["roomId": "!lobby:relay", "event": "$1"])
        #expect(read.response.status == 204)
        #expect(read.response.body.isEmpty)
    }

    /// The login's account sits inside a typed, nested body (`$.identifier.user`): serve checks it,
    /// and the password, against the credentials it was given, wherever the body's type puts them.
    @Test func aNestedLoginIsCheckedAgainstServesCredentials() async throws {
        var options = MockServerOptions()
        options.credentials = Relay.credentials
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks, options: options)
        defer { harness.stop() }
        func login(user: String, password: String) async throws -> (response: HTTPResponse, token: String?) {
            let response = try await harness.send(
                .post, "login",
                json: """
                    {"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "\(user)"}, "password": "\(password)", "refresh_token": true}
                    """)
            return (response, try ServeHarness.json(response)["access_token"]?.stringValue)
        }
        func scenario(_ response: HTTPResponse) -> String? {
            response.headers.first { $0.name.lowercased() == "x-apicheck-scenario" }?.value
        }
        let right = try await login(user: "ada", password: "relay-password")
        #expect(right.response.status == 200)
        let token = try #require(right.token)
        #expect(try await harness.send(.get, "account/whoami", headers: [("Authorization", "Bearer \(token)")]).status == 200)
        for (user, password) in [("ada", "not-the-password"), ("grace", "relay-password")] {
            let wrong = try await login(user: user, password: password)
            #expect(wrong.response.status == 403, "a wrong \(user == "ada" ? "password" : "account")")
            #expect(scenario(wrong.response) == ScenarioName.wrongPassword.rawValue)
            #expect(try ServeHarness.json(wrong.response)["errcode"] == .string("M_FORBIDDEN"))
            // A Bool, so that a failure never prints a token.
            let issued = wrong.token != nil
            #expect(!issued, "no token for wrong credentials")
        }
    }

    /// `Prefer: code=error` on an endpoint with a string-status envelope: the envelope with that
    /// code at its path; on an endpoint without one, an error body in the API's shape.
    @Test func aCodeOnRequestInTheEndpointsOwnShape() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let failed = try await harness.send(.get, "api/v1/query?query=up", headers: [("Prefer", "code=error")])
        let document = try ServeHarness.json(failed)
        #expect(document["status"] == .string("error"))
        let (classification, _) = Classification.of(
            status: failed.status, contentType: failed.contentType, body: failed.body,
            rules: Relay.api.rules(for: Relay.query.erased), redactor: Relay.api.makeRedactor())
        #expect(classification == .failure(code: "error", message: "code error on request"))
        let bare = try await harness.send(.get, "version", headers: [("Prefer", "code=M_LIMIT_EXCEEDED")])
        #expect(bare.status == 400)
        #expect(try ServeHarness.json(bare)["errcode"] == .string("M_LIMIT_EXCEEDED"))
    }
}
