import APICheck
import Foundation
import MockServer
import RelayExample
import Testing
import TestSupport

/// Tokens serve issues expire by themselves after the lifetime their login's or refresh's answer
/// gives (the refresh policy's `expiresIn`), or `tokenLifetime`'s. Time is the test's own clock,
/// moved on by hand: nothing waits, and nothing depends on how fast the machine is.
@Suite struct ServeTokenLifetimeTests {
    static func options(_ clock: ManualClock, lifetime: Duration?) -> MockServerOptions {
        var options = MockServerOptions()
        options.tokenLifetime = lifetime
        options.now = { clock.now }
        return options
    }

    static func harness(_ api: API = RefreshingAPI.api, lifetime: Duration? = nil) throws -> (ServeHarness, TemporaryMocks, ManualClock) {
        let clock = ManualClock()
        let (harness, mocks) = try ServeLifecycleTests.harness(api, options: options(clock, lifetime: lifetime))
        return (harness, mocks, clock)
    }

    /// The Relay example over its own mocks.
    static func relayHarness(lifetime: Duration? = nil) throws -> (ServeHarness, ManualClock) {
        let clock = ManualClock()
        return (try ServeHarness(api: Relay.api, mocks: Relay.mocks, options: options(clock, lifetime: lifetime)), clock)
    }

    static func status(_ harness: ServeHarness, _ token: String) async throws -> Int {
        try await ServeLifecycleTests.me(harness, token).status
    }

    @Test func aTokenExpiresAfterTheLifetimeItsAnswerGivesAndARefreshRenewsIt() async throws {
        let (harness, mocks, clock) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let login = try await ServeLifecycleTests.login(harness)
        clock.advance(by: .seconds(299))
        #expect(try await Self.status(harness, login.access) == 200)
        clock.advance(by: .seconds(1))
        let expired = try await ServeLifecycleTests.me(harness, login.access)
        #expect(expired.status == 401 && ServeLifecycleTests.scenario(expired) == ScenarioName.expired.rawValue)
        #expect(try ServeHarness.json(expired)["errcode"] == .string("M_UNKNOWN_TOKEN"))
        // The app's refresh path: the refresh token still works, and the new token lives 300 s
        // from its refresh.
        let renewed = try await ServeLifecycleTests.refresh(harness, try #require(login.refresh))
        #expect(renewed.status == 200)
        let access = try #require(try ServeHarness.json(renewed)["access_token"]?.stringValue)
        clock.advance(by: .seconds(299))
        #expect(try await Self.status(harness, access) == 200)
        #expect(try await Self.status(harness, login.access) == 401)
        clock.advance(by: .seconds(1))
        #expect(try await Self.status(harness, access) == 401)
    }

    /// What the lifetime is for: an app whose token outlived it refreshes by itself (no admin
    /// call, no `Prefer`), and its call goes on.
    @Test func anAppsRefreshPathRunsByItselfOnceItsTokenOutlivesItsLifetime() async throws {
        let (harness, mocks, clock) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let session = Session()
        let client = harness.client(session: session)
        _ = try await client.send(RefreshingAPI.login, ["user": "ada", "password": "pw"])
        clock.advance(by: .seconds(300))
        #expect(try await client.send(RefreshingAPI.me).user_id == "@ada:notes")
        let journal = try ServeHarness.json(try await harness.send(.get, "/__apicheck/requests"))
        guard case let .array(entries)? = journal["requests"] else { Issue.record("no journal"); return }
        let served = entries.map { "\($0["endpoint"]?.stringValue ?? "-") \($0["status"]?.compactText ?? "-")" }
        #expect(served == ["auth.login 200", "account.me 401", "auth.refresh 200", "account.me 200"])
    }

    /// Relay counts its lifetime in milliseconds (`expires_in_ms`), and its login body is nested.
    @Test func aLifetimeInMillisecondsCountsAsMilliseconds() async throws {
        let (harness, clock) = try Self.relayHarness()
        defer { harness.stop() }
        let token = try await Self.relayLogin(harness).token
        clock.advance(by: .milliseconds(299_999))
        #expect(try await Self.whoami(harness, token) == 200)
        clock.advance(by: .milliseconds(1))
        #expect(try await Self.whoami(harness, token) == 401)
    }

    /// `--token-lifetime 30`: every token lives 30 s, and the answers say so in their own unit.
    @Test func theOverrideSetsEveryTokensLifetimeAndTheAnswerSaysSo() async throws {
        let (harness, mocks, clock) = try Self.harness(lifetime: .seconds(30))
        defer { harness.stop(); mocks.remove() }
        let login = try await ServeLifecycleTests.login(harness)
        #expect(try ServeHarness.json(login.response)["expires_in"] == .number("30"))
        clock.advance(by: .seconds(29))
        #expect(try await Self.status(harness, login.access) == 200)
        clock.advance(by: .seconds(1))
        #expect(try await Self.status(harness, login.access) == 401)
        let renewed = try await ServeLifecycleTests.refresh(harness, try #require(login.refresh))
        #expect(try ServeHarness.json(renewed)["expires_in"] == .number("30"))

        let (relay, _) = try Self.relayHarness(lifetime: .seconds(30))
        defer { relay.stop() }
        #expect(try await Self.relayLogin(relay).answer["expires_in_ms"] == .number("30000"))
    }

    /// `--token-lifetime 0`: no token expires by the clock, and the answers are the mocks'.
    @Test func aLifetimeOfZeroNeverExpiresATokenByTheClock() async throws {
        let (harness, mocks, clock) = try Self.harness(lifetime: .zero)
        defer { harness.stop(); mocks.remove() }
        let login = try await ServeLifecycleTests.login(harness)
        #expect(try ServeHarness.json(login.response)["expires_in"] == .number("300"))
        clock.advance(by: .seconds(10 * 365 * 86_400))
        #expect(try await Self.status(harness, login.access) == 200)
    }

    /// An API whose answers declare no lifetime: tokens live until something ends them.
    @Test func withoutADeclaredLifetimeATokenLivesUntilEnded() async throws {
        var api = RefreshingAPI.api
        api.auth.refresh?.expiresInPath = nil
        let (harness, mocks, clock) = try Self.harness(api)
        defer { harness.stop(); mocks.remove() }
        let login = try await ServeLifecycleTests.login(harness)
        clock.advance(by: .seconds(10 * 365 * 86_400))
        #expect(try await Self.status(harness, login.access) == 200)
    }

    /// A token whose lifetime ended is dead already: expiring every live token does not count it,
    /// and expiring it by name finds nothing to do.
    @Test func theAdminAPICountsOnlyTokensStillAlive() async throws {
        let (harness, mocks, clock) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let early = try await ServeLifecycleTests.login(harness)
        clock.advance(by: .seconds(200))
        let late = try await ServeLifecycleTests.login(harness)
        clock.advance(by: .seconds(100))
        #expect(try await Self.status(harness, early.access) == 401)
        let named = try await harness.send(.post, "/__apicheck/tokens/expire", json: #"{"token": "\#(early.access)"}"#)
        #expect(try ServeHarness.json(named)["expired"] == .number("0"))
        #expect(try await Self.status(harness, late.access) == 200)
        let all = try await harness.send(.post, "/__apicheck/tokens/expire", json: "")
        #expect(try ServeHarness.json(all)["expired"] == .number("1"))
        #expect(try await Self.status(harness, late.access) == 401)
    }

    static func relayLogin(_ harness: ServeHarness) async throws -> (token: String, answer: JSONValue) {
        let response = try await harness.send(
            .post, "login",
            json: """
                {"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": "relay-password"}
                """)
        let answer = try ServeHarness.json(response)
        return (try #require(answer["access_token"]?.stringValue), answer)
    }

    static func whoami(_ harness: ServeHarness, _ token: String) async throws -> Int {
        try await harness.send(.get, "account/whoami", headers: [("Authorization", "Bearer \(token)")]).status
    }
}
