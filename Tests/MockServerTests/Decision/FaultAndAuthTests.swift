import APICheck
import Contracts
import CurlClient
import Foundation
import MockServer
import Testing

/// Faults as a client sees them, and the token lifecycle serve emulates.
@Suite(.serialized) struct FaultAndAuthTests {
    static func reason(_ call: () async throws -> Void) async -> APIError.Reason? {
        do {
            try await call()
            return nil
        } catch let error as APIError {
            return error.reason
        } catch {
            Issue.record("not an APIError: \(error)")
            return nil
        }
    }

    @Test(arguments: ["reset", "empty", "truncate"])
    func aBrokenConnectionIsATransportError(_ fault: String) async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        await #expect(throws: TransportError.self) {
            _ = try await harness.send(.get, "topics", headers: [("Prefer", "fault=\(fault)")])
        }
        // The server goes on answering.
        #expect(try await harness.send(.get, "topics").status == 200)
        let journal = try JSONParser.parse(try await harness.send(.get, "/__apicheck/requests").body)
        #expect(journal["requests"]?[0]?["scenario"]?.stringValue == "fault=\(fault)")
    }

    @Test func garbageAndAProxyPageAreWhatTheClientReports() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let client = harness.client()
        // A sticky fault reaches a client that cannot set headers.
        #expect(try await harness.send(.put, "/__apicheck/scenarios/topics.list", json: #"{"fault": "garbage"}"#).status == 200)
        let garbage = await Self.reason { _ = try await client.send(Demo.topics, [:]) }
        guard case .notJSON(200, _, _, _)? = garbage else { Issue.record("expected notJSON, got \(String(describing: garbage))"); return }
        #expect(try await harness.send(.delete, "/__apicheck/scenarios/topics.list").status == 204)
        let direct = try await harness.send(.get, "topics", headers: [("Prefer", "fault=garbage")])
        #expect(direct.status == 200)
        #expect((try? JSONParser.parse(direct.body)) == nil)
        let html = try await harness.send(.get, "topics", headers: [("Prefer", "fault=html-502")])
        #expect(html.status == 502)
        #expect(html.contentType == "text/html")
        #expect(String(decoding: html.body, as: UTF8.self).contains("502 Bad Gateway"))
    }

    @Test func aSlowBodyAndADelayStillArriveWhole() async throws {
        let harness = try ServeHarness(options: MockServerOptions(delay: 5...5))
        defer { harness.stop() }
        let plain = try await harness.send(.get, "config/main.json")
        let slow = try await harness.send(.get, "config/main.json", headers: [("Prefer", "fault=slow-body, delay=30")])
        #expect(slow.status == 200)
        #expect(try JSONParser.parse(slow.body) == JSONParser.parse(plain.body))
        #expect(harness.log.all.last?.hasSuffix("(+30 ms delay)") == true)
        #expect(harness.log.all.first?.hasSuffix("(+5 ms delay)") == true)
    }

    @Test func anEnvelopeCodeOnRequestAndTheLogoutCodeForcesALogout() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let session = Session()
        let client = harness.client(session: session)
        _ = try await client.send(Demo.login, ["account": "demo", "password": "pw"])
        let token = try #require(session.token)
        let failure = try await harness.send(.get, "topics", headers: [("Prefer", "code=-1")])
        #expect(try JSONParser.parse(failure.body)["code"] == .number("-1"))
        let forced = try await harness.send(.get, "statuses/home_timeline?access_token=\(token)", headers: [("Prefer", "code=10504")])
        #expect(try JSONParser.parse(forced.body)["code"] == .number("10504"))
        // The token is revoked from then on: the logout variant, without asking.
        let after = await Self.reason { _ = try await client.send(Demo.homeTimeline, [:], token: .explicit(token)) }
        guard case .forcedLogout? = after else { Issue.record("expected logout, got \(String(describing: after))"); return }
    }

    /// The logout variant asked for by name is a forced logout like the code: the token it was
    /// served to is revoked, and later requests with it get the logout envelope unasked.
    @Test func theLogoutScenarioOnRequestRevokesTheToken() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        let forced = try await harness.send(.get, "statuses/home_timeline?access_token=\(token)", headers: [("Prefer", "scenario=logout")])
        #expect(try JSONParser.parse(forced.body)["code"] == .number("10504"))

        let after = try await harness.send(.get, "statuses/home_timeline?access_token=\(token)")

        #expect(try JSONParser.parse(after.body)["code"] == .number("10504"))
    }

    @Test func theTokenLifecycleIsTheDemoBackends() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let missing = try await harness.send(.get, "statuses/home_timeline")
        #expect(missing.status == 403)
        let first = try await harness.login()
        #expect(try await harness.send(.get, "statuses/home_timeline?access_token=\(first)").status == 200)
        let second = try await harness.login()
        let revoked = try await harness.send(.get, "statuses/home_timeline?access_token=\(first)")
        #expect(try JSONParser.parse(revoked.body)["code"] == .number("10504"))
        // Another account's login revokes nothing of this one.
        _ = try await harness.login(account: "someone-else")
        #expect(try await harness.send(.get, "statuses/home_timeline?access_token=\(second)").status == 200)
        #expect(try await harness.send(.post, "Account/logout?access_token=\(second)").status == 200)
        #expect(try await harness.send(.get, "statuses/home_timeline?access_token=\(second)").status == 403)
        let reset = try await harness.send(.post, "/__apicheck/reset", json: "{}")
        #expect(reset.status == 204)
    }

    @Test func statelessAcceptsAnyTokenAndServesTheMocksToken() async throws {
        let harness = try ServeHarness(options: MockServerOptions(stateless: true))
        defer { harness.stop() }
        #expect(try await harness.send(.get, "statuses/home_timeline").status == 200)
        #expect(try await harness.login() == "2.00MockTokenForReplay")
    }

    @Test func aBearerHeaderTokenIsChecked() async throws {
        let mocks = try TemporaryMocks(files: ShopAPI.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: ShopAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        #expect(try await harness.send(.get, "items/7").status == 401)
        let login = try await harness.send(.post, "auth/session", json: #"{"user": "ann", "password": "pw"}"#)
        let token = try #require(try JSONParser.parse(login.body)["data"]?["token"]?.stringValue)
        #expect(try await harness.send(.get, "items/7", headers: [("Authorization", "Bearer \(token)")]).status == 200)
        #expect(try await harness.send(.get, "items/7", headers: [("Authorization", "Bearer nope")]).status == 401)
    }

    /// An API that does not promise that a login revokes earlier tokens keeps them all valid,
    /// as a multi-device server does; logout still ends one.
    @Test func withoutARevokingLoginEveryDeviceKeepsItsToken() async throws {
        let mocks = try TemporaryMocks(files: ShopAPI.mocks)
        defer { mocks.remove() }
        var api = ShopAPI.api
        api.auth.revokesEarlierTokens = false
        let harness = try ServeHarness(api: api, mocks: mocks.url)
        defer { harness.stop() }
        func login() async throws -> String {
            let answer = try await harness.send(.post, "auth/session", json: #"{"user": "ann", "password": "pw"}"#)
            return try #require(try JSONParser.parse(answer.body)["data"]?["token"]?.stringValue)
        }
        /// The envelope status of the item as one token sees it (4011 when revoked), or the HTTP status.
        func item(_ token: String) async throws -> String {
            let answer = try await harness.send(.get, "items/7", headers: [("Authorization", "Bearer \(token)")])
            guard answer.status == 200 else { return "HTTP \(answer.status)" }
            return try JSONParser.parse(answer.body)["status"]?.compactText ?? "none"
        }
        let first = try await login(), second = try await login()
        #expect(try await item(first) == "0")
        #expect(try await item(second) == "0")
        #expect(try await harness.send(.delete, "auth/session", headers: [("Authorization", "Bearer \(first)")]).status == 200)
        #expect(try await item(first) == "HTTP 401")
        #expect(try await item(second) == "0")
    }
}

/// A delayed answer waits on a suspended connection, not a thread; stopping the server then must
/// neither crash nor hang.
@Suite(.serialized) struct SuspendedAnswerTests {
    @Test func stoppingWithADelayedAnswerPendingEndsIt() async throws {
        let harness = try ServeHarness()
        let pending = Task { try await harness.send(.get, "topics", headers: [("Prefer", "delay=5000")]) }
        // Wait until the server has the request (the journal records it when it is suspended).
        for _ in 0..<200 where harness.log.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        harness.stop()
        let outcome = await pending.result
        // Resumed as the daemon stops: either the answer went out or the connection closed.
        if case let .success(response) = outcome { #expect(response.status == 200) }
        #expect(harness.server.port == 0)
    }

    @Test func manyDelayedAnswersAtOnceAreAllAnswered() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        // More delayed requests at once than the pool has threads, each on a suspended connection.
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try await harness.send(.get, "topics", headers: [("Prefer", "delay=200")]).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 16))
    }
}
