@testable import APICheck
import Contracts
import Testing

/// The plan of a live run: which steps wait for which, from the declarations alone.
@Suite struct LivePlanTests {
    let plan = LivePlan(api: Demo.api, selected: Demo.api.endpoints, probes: true)

    /// Rounds of requests the plan needs when every step starts as soon as it may.
    func depths(_ plan: LivePlan) -> [LiveStep.ID: Int] {
        var depth: [LiveStep.ID: Int] = [:]
        for step in plan.steps { depth[step.id] = 1 + (step.prerequisites.compactMap { depth[$0] }.max() ?? 0) }
        return depth
    }

    func name(_ step: LiveStep) -> String {
        switch step.action {
        case let .check(endpoint, reported): (reported ? "" : "(login) ") + endpoint.id
        case let .probe(probe, endpoint): "probe \(probe.rawValue) \(endpoint.id)"
        }
    }

    func round(_ plan: LivePlan, _ number: Int) -> [String] {
        let depth = depths(plan)
        return plan.steps.filter { depth[$0.id] == number }.map(name).sorted()
    }

    @Test func theDemoRunFollowsItsDependenciesOnlyInSixRounds() {
        #expect(depths(plan).values.max() == 6)
        #expect(round(plan, 1) == ["account.login", "account.register", "config.main", "topics.list"])
        #expect(round(plan, 2) == ["probe token-expired statuses.homeTimeline", "probe token-expired topics.like",
                                   "probe token-expired topics.unlike", "statuses.homeTimeline", "topics.like", "topics.unlike"])
        #expect(round(plan, 3) == ["probe token-expired statuses.show", "probe token-expired users.show", "statuses.show", "users.show"])
        // auth.token is the second login: it revokes the session's token, so it waits for every
        // check that uses it, and the revocation probes wait for it.
        #expect(round(plan, 4) == ["auth.token"])
        #expect(round(plan, 5) == ["account.logout", "probe logout statuses.homeTimeline", "probe logout statuses.show",
                                   "probe logout topics.like", "probe logout topics.unlike", "probe logout users.show"])
        #expect(round(plan, 6) == ["probe logged-out statuses.homeTimeline", "probe logout account.logout",
                                   "probe token-expired account.logout"])
    }

    @Test func stepsTakeTheirTokensFromTheStepsThatIssueThem() throws {
        let login = try #require(plan.login), second = try #require(plan.secondLogin)
        func step(_ name: String) -> LiveStep? { plan.steps.first { self.name($0) == name } }
        #expect(step("statuses.homeTimeline")?.token == .live(issuedBy: login))
        #expect(step("topics.list")?.token == LiveStep.TokenNeed.nothing)
        #expect(step("account.logout")?.token == .live(issuedBy: second))
        #expect(step("probe logout users.show")?.token == .revoked(issuedBy: login, revokedBy: second))
        let logout = try #require(step("account.logout"))
        #expect(step("probe logged-out statuses.homeTimeline")?.token == .loggedOut(issuedBy: second, endedBy: logout.id))
        #expect(step("users.show")?.samples["statuses.homeTimeline"] == step("statuses.homeTimeline")?.id)
    }

    @Test func withoutAuthTokenTheSecondLoginIsTheLoginAgainUnreported() {
        let selected = Demo.api.endpoints.filter { $0.id != "auth.token" }
        let plan = LivePlan(api: Demo.api, selected: selected, probes: true)
        #expect(depths(plan).values.max() == 6)
        #expect(round(plan, 4) == ["(login) account.login"])
        #expect(plan.reportedCount == selected.count + 5 * 2 + 2 + 1)
    }

    @Test func withoutProbesTheLogoutStillHasALoginOfItsOwn() {
        let selected = Demo.api.endpoints.filter { ["statuses.homeTimeline", "account.logout"].contains($0.id) }
        let plan = LivePlan(api: Demo.api, selected: selected, probes: false)
        #expect(plan.steps.map(name) == ["(login) account.login", "statuses.homeTimeline", "(login) account.login", "account.logout"])
        #expect(depths(plan).values.max() == 4)
    }

    @Test func anAPIWithoutLoginPlansNoLogin() {
        let api = API(name: "open", envelope: Demo.api.envelope, endpoints: [Demo.topics, Demo.config])
        let plan = LivePlan(api: api, selected: api.endpoints, probes: true)
        #expect(plan.login == nil)
        #expect(plan.steps.map(name) == ["topics.list", "config.main"])
        #expect(depths(plan).values.max() == 1)
    }
}
