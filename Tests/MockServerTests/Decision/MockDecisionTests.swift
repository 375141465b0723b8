import APICheck
import Contracts
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// What serve decides for a request, apart from the bytes it renders: no socket, and nothing
/// changes in the token store until the decision is applied.
@Suite struct MockDecisionTests {
    let server: MockServer

    init() throws {
        server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks)
    }

    func decide(
        _ id: String, method: String = "GET", query: [(name: String, value: String)] = [],
        prefer: String? = nil, body: String? = nil
    ) throws -> MockDecision {
        let endpoint = try #require(server.api.endpoints.first { $0.id == id })
        var headers = prefer.map { [("Prefer", $0)] } ?? []
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let request = ServerRequest(
            method: method, path: "/Api/" + endpoint.path, query: query, headers: headers,
            body: Data((body ?? "").utf8))
        return server.decide(endpoint, request: request, pathValues: [])
    }

    /// The bytes of a decision once its effects are applied, as serve answers it.
    func applied(_ decision: inout MockDecision) -> ServerResponse {
        server.apply(&decision)
        return server.render(decision)
    }

    @Test func aLiveTokenIsServedTheMockAndNothingElse() throws {
        let token = server.auth.tokens.issue(account: "demo").accessToken
        let decision = try decide("statuses.homeTimeline", query: [("access_token", token)])
        #expect(decision.answer == .mock(scenario: nil))
        #expect(decision.tokenState == .issued)
        #expect(decision.effects.isEmpty)
        #expect(decision.scenario == "success")
        #expect(decision.problems.isEmpty)
    }

    @Test func aMissingTokenIsDecidedExpiredAndARevokedOneLoggedOutOverTheCodeAskedFor() throws {
        let missing = try decide("statuses.homeTimeline")
        #expect(missing.tokenState == .missing)
        #expect(missing.answer == .mock(scenario: ScenarioName.expired))
        let first = server.auth.tokens.issue(account: "demo").accessToken
        _ = server.auth.tokens.issue(account: "demo").accessToken
        let revoked = try decide("statuses.homeTimeline", query: [("access_token", first)], prefer: "code=10504")
        #expect(revoked.tokenState == .revokedByLogin)
        #expect(revoked.answer == .mock(scenario: ScenarioName.logout))
        #expect(revoked.effects.isEmpty)
    }

    @Test func aLoginIsDecidedAFreshTokenThatOnlyApplyingIssues() throws {
        var decision = try decide("account.login", method: "POST", body: #"{"account": "demo", "password": "pw"}"#)
        #expect(decision.tokenState == nil)
        #expect(decision.effects == [.issueToken(account: "demo")])
        #expect(server.auth.tokens.count == 0)

        let answer = applied(&decision)
        let token = try #require(try JSONParser.parse(answer.body)["datas"]?["utoken"]?.stringValue)
        #expect(server.auth.tokens.state(of: token) == .issued)
    }

    @Test func aLogoutCodeRevokesTheTokenWhenAppliedNotWhenDecided() throws {
        let token = server.auth.tokens.issue(account: "demo").accessToken
        var decision = try decide("statuses.homeTimeline", query: [("access_token", token)], prefer: "code=10504")
        #expect(decision.answer == .code(10504))
        #expect(decision.effects == [.revokeToken(token)])
        #expect(decision.scenario == "code=10504")
        #expect(server.auth.tokens.state(of: token) == .issued)

        _ = applied(&decision)
        #expect(server.auth.tokens.state(of: token) == .revokedByLogin)
    }

    @Test func aConnectionFaultChecksNoTokenAndADeliveryFaultShapesTheMock() throws {
        var reset = try decide("statuses.homeTimeline", prefer: "fault=reset")
        #expect(reset.answer == .fault(.reset))
        #expect(reset.tokenState == nil)
        #expect(reset.scenario == "fault=reset")
        #expect(applied(&reset).ending == .reset)

        let token = server.auth.tokens.issue(account: "demo").accessToken
        var truncated = try decide("statuses.homeTimeline", query: [("access_token", token)], prefer: "fault=truncate, delay=1500")
        #expect(truncated.answer == .mock(scenario: nil))
        #expect(truncated.delivery == .truncate)
        #expect(truncated.scenario == "fault=truncate")
        #expect(truncated.delay == 1.5)
        let rendered = applied(&truncated)
        #expect(rendered.truncateAfter == rendered.body.count / 2)
        #expect(rendered.delay == 1.5)
    }

    @Test func refusalsCarryTheirProblemsAndNoDelay() throws {
        let unknown = try decide("topics.list", prefer: "scenario=nope, delay=1500")
        #expect(unknown.answer == .unknownScenario("nope", known: server.scenarioNames(of: "topics.list") ?? []))
        #expect(unknown.problems == ["unknown scenario nope"])
        #expect(unknown.scenario == nil)
        #expect(unknown.delay == 0)
        var unreadable = try decide("topics.list", prefer: "delay=soon")
        guard case .unreadablePreference = unreadable.answer else {
            Issue.record("decided \(unreadable.answer)")
            return
        }
        #expect(applied(&unreadable).status == 400)
    }

    @Test func aLaterPageIsCutFromTheSuccessMockForTheCursorAsked() throws {
        let token = server.auth.tokens.issue(account: "demo").accessToken
        var later = try decide("statuses.homeTimeline", query: [("access_token", token), ("max_id", "4130540976425198")])
        #expect(later.pageRequest?.queryValue("max_id") == "4130540976425198")
        #expect(try decide("topics.list").pageRequest == nil)
        let page = String(decoding: applied(&later).body, as: UTF8.self)
        #expect(page.contains("4130540976425198") && page.contains("4130540976425196"))
        #expect(!page.contains("4130540976425199"))
    }

    @Test func oneCheckOfAScenarioServesTheRequestTheAdminAPIAndTheStickyOption() {
        let known = KnownScenarios(["topics.list": ["empty"]])
        #expect(known.check("empty", of: "topics.list") == .known)
        #expect(known.check(ScenarioName.success, of: "topics.list") == .known)
        #expect(known.check("nope", of: "topics.list") == .unknownScenario(known: [ScenarioName.success, "empty"]))
        #expect(known.check("empty", of: "nowhere") == .unknownEndpoint)
        #expect(known.names(of: "topics.list") == [ScenarioName.success, "empty"])
    }
}
