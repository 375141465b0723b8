import APICheck
import Foundation
import MockServer
import Testing
import TestSupport

/// `serve` emulates the session lifecycle the API declares, over a socket: refresh with rotation,
/// a token expired on request, the missing-, dead-, logged-out- and revoked-token answers,
/// credentials, session cookies, and where the token may travel.
@Suite struct ServeLifecycleTests {
    static func harness(_ api: API = RefreshingAPI.api, options: MockServerOptions = MockServerOptions()) throws -> (
        ServeHarness, TemporaryMocks
    ) {
        let mocks = try TemporaryMocks(files: RefreshingAPI.mocks)
        return (try ServeHarness(api: api, mocks: mocks.url, options: options), mocks)
    }

    /// Logs in; returns the access and refresh tokens serve issued.
    static func login(_ harness: ServeHarness, password: String = "pw") async throws -> (
        access: String, refresh: String?, response: HTTPResponse
    ) {
        let response = try await harness.send(.post, "auth/login", json: #"{"user": "ada", "password": "\#(password)"}"#)
        let document = try ServeHarness.json(response)
        return (document["access_token"]?.stringValue ?? "", document["refresh_token"]?.stringValue, response)
    }

    static func me(_ harness: ServeHarness, _ token: String?, headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await harness.send(.get, "me", headers: (token.map { [("Authorization", "Bearer \($0)")] } ?? []) + headers)
    }

    static func refresh(_ harness: ServeHarness, _ refreshToken: String) async throws -> HTTPResponse {
        try await harness.send(.post, "auth/refresh", json: #"{"refresh_token": "\#(refreshToken)"}"#)
    }

    static func scenario(_ response: HTTPResponse) -> String? {
        response.headers.first { $0.name.lowercased() == "x-apicheck-scenario" }?.value
    }

    @Test func aRefreshIssuesNewTokensAndTheUsedOnesStopWorking() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let first = try await Self.login(harness)
        let refreshToken = try #require(first.refresh)
        #expect(refreshToken != "rt-login")
        #expect(try await Self.me(harness, first.access).status == 200)
        let renewed = try await Self.refresh(harness, refreshToken)
        #expect(renewed.status == 200)
        let document = try ServeHarness.json(renewed)
        let access = try #require(document["access_token"]?.stringValue)
        let rotated = try #require(document["refresh_token"]?.stringValue)
        #expect(access != first.access && rotated != refreshToken)
        #expect(try await Self.me(harness, access).status == 200)
        // The replaced access token gets the dead-token answer, as declared.
        let replaced = try await Self.me(harness, first.access)
        #expect(replaced.status == 401 && Self.scenario(replaced) == ScenarioName.expired.rawValue)
        // Refresh tokens rotate: the used one is refused, the new one works.
        let reused = try await Self.refresh(harness, refreshToken)
        #expect(reused.status == 401 && Self.scenario(reused) == ScenarioName.refused.rawValue)
        #expect(try await Self.refresh(harness, rotated).status == 200)
        #expect(try await Self.refresh(harness, "rt-never-issued").status == 401)
    }

    /// Where refresh tokens do not rotate, one refresh token renews again and again.
    @Test func aRefreshTokenThatDoesNotRotateKeepsWorking() async throws {
        var api = RefreshingAPI.api
        api.auth.refresh?.rotates = false
        let (harness, mocks) = try Self.harness(api)
        defer { harness.stop(); mocks.remove() }
        let refreshToken = try #require(try await Self.login(harness).refresh)
        for _ in 0..<2 {
            let renewed = try await Self.refresh(harness, refreshToken)
            #expect(renewed.status == 200)
            #expect(try ServeHarness.json(renewed)["refresh_token"]?.stringValue == refreshToken)
        }
    }

    @Test func preferExpireTokenKillsTheTokenTheRequestCarries() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let login = try await Self.login(harness)
        let expired = try await Self.me(harness, login.access, headers: [("Prefer", "expire-token")])
        #expect(expired.status == 401 && Self.scenario(expired) == ScenarioName.expired.rawValue)
        #expect(try await Self.me(harness, login.access).status == 401)
        #expect(try await Self.refresh(harness, try #require(login.refresh)).status == 200)
    }

    @Test func theAdminAPIExpiresOneTokenOrEveryLiveOne() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let (one, two, three) = (try await Self.login(harness), try await Self.login(harness), try await Self.login(harness))
        let single = try await harness.send(.post, "/__apicheck/tokens/expire", json: #"{"token": "\#(one.access)"}"#)
        #expect(try ServeHarness.json(single)["expired"] == .number("1"))
        #expect(try await Self.me(harness, one.access).status == 401)
        #expect(try await Self.me(harness, two.access).status == 200)
        let all = try await harness.send(.post, "/__apicheck/tokens/expire", json: "")
        #expect(try ServeHarness.json(all)["expired"] == .number("2"))
        #expect(try await Self.me(harness, two.access).status == 401)
        #expect(try await Self.me(harness, three.access).status == 401)
        let bad = try await harness.send(.post, "/__apicheck/tokens/expire", json: #"["x"]"#)
        #expect(bad.status == 400)
    }

    /// No token and a dead token get different answers: each as the API declares it.
    @Test func aMissingTokenAndADeadTokenGetTheirOwnAnswers() async throws {
        var api = RefreshingAPI.api
        api.auth.missingToken = .signals([.status(401, code: "M_MISSING_TOKEN")])
        let (harness, mocks) = try Self.harness(api)
        defer { harness.stop(); mocks.remove() }
        let missing = try await Self.me(harness, nil)
        #expect(missing.status == 401)
        #expect(try ServeHarness.json(missing)["errcode"] == .string("M_MISSING_TOKEN"))
        let dead = try await Self.me(harness, "never-issued")
        #expect(dead.status == 401)
        #expect(try ServeHarness.json(dead)["errcode"] == .string("M_UNKNOWN_TOKEN"))
    }

    /// An API that promises nothing for a missing token gets the answer every emulation gives
    /// it (`TokenLifecycle.fallback`): the dead-token answer where the API declares one.
    @Test func anUndeclaredMissingTokenGetsTheDeadTokenAnswer() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        #expect(RefreshingAPI.api.auth.missingToken == nil)
        let missing = try await Self.me(harness, nil)
        #expect(missing.status == 401)
        #expect(try ServeHarness.json(missing)["errcode"] == .string("M_UNKNOWN_TOKEN"))
    }

    @Test func loginsLiveSideBySideUnlessTheAPIDeclaresThatTheyRevoke() async throws {
        let (multi, multiMocks) = try Self.harness()
        defer { multi.stop(); multiMocks.remove() }
        let first = try await Self.login(multi)
        _ = try await Self.login(multi)
        #expect(try await Self.me(multi, first.access).status == 200)

        var api = RefreshingAPI.api
        api.auth.revokesEarlierTokens = true
        api.auth.revokedToken = .deadToken
        let (revoking, revokingMocks) = try Self.harness(api)
        defer { revoking.stop(); revokingMocks.remove() }
        let earlier = try await Self.login(revoking)
        _ = try await Self.login(revoking)
        let revoked = try await Self.me(revoking, earlier.access)
        #expect(revoked.status == 401 && Self.scenario(revoked) == ScenarioName.expired.rawValue)
    }

    @Test func aLoggedOutTokenGetsTheDeclaredAnswer() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let login = try await Self.login(harness)
        let other = try await Self.login(harness)
        #expect(try await harness.send(.post, "auth/logout", headers: [("Authorization", "Bearer \(login.access)")]).status == 200)
        let after = try await Self.me(harness, login.access)
        #expect(after.status == 401 && Self.scenario(after) == ScenarioName.expired.rawValue)
        #expect(try await Self.me(harness, other.access).status == 200)
    }

    @Test func wrongCredentialsGetTheWrongPasswordVariant() async throws {
        var options = MockServerOptions()
        options.credentials = ["NOTES_USER": "ada", "NOTES_PASSWORD": "pw"]
        let (harness, mocks) = try Self.harness(options: options)
        defer { harness.stop(); mocks.remove() }
        let wrong = try await Self.login(harness, password: "guess")
        #expect(wrong.response.status == 403)
        #expect(Self.scenario(wrong.response) == ScenarioName.wrongPassword.rawValue)
        #expect(wrong.refresh == nil)
        let right = try await Self.login(harness)
        #expect(right.response.status == 200)
        #expect(try await Self.me(harness, right.access).status == 200)
    }

    @Test func aCookieAPISetsItsSessionCookieAndAcceptsItOnly() async throws {
        var api = RefreshingAPI.api
        api.auth.placement = .cookie("sid")
        let (harness, mocks) = try Self.harness(api)
        defer { harness.stop(); mocks.remove() }
        let login = try await Self.login(harness)
        let cookie = try #require(login.response.headers.first { $0.name.lowercased() == "set-cookie" }?.value)
        #expect(cookie.hasPrefix("sid=\(login.access);"))
        #expect(cookie.contains("HttpOnly"))
        #expect(try await Self.me(harness, nil, headers: [("Cookie", "theme=dark; sid=\(login.access)")]).status == 200)
        #expect(try await Self.me(harness, login.access).status == 401)
    }

    /// A token in `?access_token=` counts only where the API places it there.
    @Test func aTokenInTheQueryCountsOnlyWhereDeclared() async throws {
        let (header, headerMocks) = try Self.harness()
        defer { header.stop(); headerMocks.remove() }
        let token = try await Self.login(header).access
        #expect(try await header.send(.get, "me?access_token=\(token)").status == 401)

        var api = RefreshingAPI.api
        api.auth.placement = .query("access_token")
        let (query, queryMocks) = try Self.harness(api)
        defer { query.stop(); queryMocks.remove() }
        let queried = try await Self.login(query).access
        #expect(try await query.send(.get, "me?access_token=\(queried)").status == 200)
        #expect(try await Self.me(query, queried).status == 401)
    }
}
