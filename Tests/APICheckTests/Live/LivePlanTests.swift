@testable import APICheck
import Contracts
import Testing
import TestSupport

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
        case let .paging(endpoint): "paging \(endpoint.id)"
        case let .errorCheck(check, endpoint): "error-check \(check.scenario) \(endpoint.id)"
        case let .endSession(endpoint): "(end) \(endpoint.id)"
        case let .preIssuedToken(variables): "(token) \(variables)"
        }
    }

    func round(_ plan: LivePlan, _ number: Int) -> [String] {
        let depth = depths(plan)
        return plan.steps.filter { depth[$0.id] == number }.map(name).sorted()
    }

    @Test func theDemoRunFollowsItsDependenciesOnlyInSevenRounds() {
        #expect(depths(plan).values.max() == 7)
        // Nothing starts before the session's login: a server may echo the token it issues anywhere.
        #expect(round(plan, 1) == ["account.login"])
        #expect(
            round(plan, 2) == [
                "account.register", "config.main", "probe missing-token statuses.homeTimeline",
                "probe token-expired statuses.homeTimeline",
                "statuses.homeTimeline", "topics.list",
            ])
        // Each error check follows its endpoint's own check.
        #expect(
            round(plan, 3) == [
                "error-check bad_page topics.list", "error-check exists account.register",
                "probe token-expired statuses.show", "probe token-expired topics.like",
                "probe token-expired topics.unlike", "probe token-expired users.show",
                "statuses.show", "topics.like", "topics.unlike", "users.show",
            ])
        // The paging step pages after the writes, which may change the list.
        #expect(round(plan, 4) == ["error-check not_found statuses.show", "paging statuses.homeTimeline"])
        // auth.token is the second login: it revokes the session's token, so it waits for every
        // check that uses it (the error checks too), and the revocation probes wait for it.
        #expect(round(plan, 5) == ["auth.token"])
        #expect(
            round(plan, 6) == [
                "account.logout", "probe revoked-token statuses.homeTimeline", "probe revoked-token statuses.show",
                "probe revoked-token topics.like", "probe revoked-token topics.unlike", "probe revoked-token users.show",
            ])
        #expect(
            round(plan, 7) == [
                "probe logged-out statuses.homeTimeline", "probe revoked-token account.logout",
                "probe token-expired account.logout",
            ])
    }

    /// A token issued beforehand goes to one GET alone first (round 2); what else sends it, the
    /// probes included, waits for that answer (round 3); what needs no token does not wait.
    @Test func aTokenIssuedBeforehandIsTriedOnOneGETAloneFirst() {
        let endpoints = [
            Endpoint<NoContent>(id: "rename", .post, "rename", mock: "rename", auth: .token).erased,
            Endpoint<NoContent>(id: "me", .get, "me", mock: "me", auth: .token).erased,
            Endpoint<NoContent>(id: "profile", .get, "profile", mock: "profile", auth: .token).erased,
            Endpoint<NoContent>(id: "version", .get, "version", mock: "version").erased,
        ]
        let api = API(
            name: "keys", envelope: .none,
            auth: .preIssued(
                variable: "KEYS_TOKEN", placement: .bearer,
                missingToken: .deadToken), endpoints: endpoints)
        let plan = LivePlan(api: api, selected: api.endpoints, probes: true)
        #expect(plan.tokenTrial.map { name(plan.steps[$0]) } == "me")
        #expect(round(plan, 1) == ["(token) $KEYS_TOKEN"])
        #expect(round(plan, 2) == ["me", "version"])
        #expect(round(plan, 3) == ["probe missing-token me", "profile", "rename"])
    }

    @Test func stepsTakeTheirTokensFromTheStepsThatIssueThem() throws {
        let login = try #require(plan.login), second = try #require(plan.secondLogin)
        func step(_ name: String) -> LiveStep? { plan.steps.first { self.name($0) == name } }
        #expect(step("statuses.homeTimeline")?.token == .live(issuedBy: login))
        #expect(step("topics.list")?.token == LiveStep.TokenNeed.nothing)
        #expect(step("account.logout")?.token == .live(issuedBy: second))
        #expect(step("probe revoked-token users.show")?.token == .revoked(issuedBy: login, revokedBy: second))
        let logout = try #require(step("account.logout"))
        #expect(step("probe logged-out statuses.homeTimeline")?.token == .loggedOut(issuedBy: second, endedBy: logout.id))
        #expect(step("users.show")?.samples["statuses.homeTimeline"] == step("statuses.homeTimeline")?.id)
    }

    @Test func withoutAuthTokenTheSecondLoginIsTheLoginAgainUnreported() {
        let selected = Demo.api.endpoints.filter { $0.id != "auth.token" }
        let plan = LivePlan(api: Demo.api, selected: selected, probes: true)
        #expect(depths(plan).values.max() == 7)
        #expect(round(plan, 5) == ["(login) account.login"])
        // Two probes on each of five endpoints, two on the logout, the logged-out and missing-token
        // probes, the paging check, three error checks.
        #expect(plan.reportedCount == selected.count + 18)
    }

    @Test func withoutProbesTheLogoutStillHasALoginOfItsOwn() {
        let selected = Demo.api.endpoints.filter { ["statuses.homeTimeline", "account.logout"].contains($0.id) }
        let plan = LivePlan(api: Demo.api, selected: selected, probes: false)
        #expect(
            plan.steps.map(name) == [
                "(login) account.login", "statuses.homeTimeline", "paging statuses.homeTimeline",
                "(login) account.login", "account.logout",
            ])
        #expect(depths(plan).values.max() == 5)
    }

    /// What a check's outcome keeps for the rest of the run: the paths later steps read of its
    /// answer (the paging step's ids, the samples of statuses.show and users.show), no more.
    @Test func aCheckKeepsOnlyWhatLaterStepsReadOfItsAnswer() throws {
        let check = try #require(plan.steps.first { name($0) == "statuses.homeTimeline" })
        #expect(
            Set(plan.pathsRead(from: check.id).map(\.description))
                == ["$.datas.statuses[*].id", "$.datas.statuses[0].id", "$.datas.statuses[0].user.id"])
        let config = try #require(plan.steps.first { name($0) == "config.main" })
        #expect(plan.pathsRead(from: config.id).isEmpty)
    }

    /// The paging step reads its endpoint's own answer (the first page), with the same token,
    /// and the second login (which revokes that token) waits for it.
    @Test func thePagingStepDependsOnTheEndpointsOwnCheck() throws {
        let check = try #require(plan.steps.first { name($0) == "statuses.homeTimeline" })
        let paging = try #require(plan.steps.first { name($0) == "paging statuses.homeTimeline" })
        #expect(paging.samples == ["statuses.homeTimeline": check.id])
        #expect(paging.token == check.token)
        #expect(plan.steps[try #require(plan.secondLogin)].prerequisites.contains(paging.id))
    }

    /// Where the run writes, the paging step waits for every write and reads its own first page:
    /// a write between the two pages would move the list under them. Without writes it pages on
    /// from the endpoint's own answer as soon as that is in.
    @Test func thePagingStepWaitsForTheRunsWritesOnly() throws {
        let paging = try #require(plan.steps.first { name($0) == "paging statuses.homeTimeline" })
        let writes = plan.steps.filter { ["topics.like", "topics.unlike"].contains(name($0)) }.map(\.id)
        #expect(writes.count == 2 && Set(writes).isSubset(of: paging.prerequisites))
        #expect(plan.rereadingPaging == [paging.id])
        let reads = Demo.api.endpoints.filter { $0.id == "statuses.homeTimeline" }
        let readsOnly = LivePlan(api: Demo.api, selected: reads, probes: true, readsOnly: true)
        let unmoved = try #require(readsOnly.steps.first { name($0) == "paging statuses.homeTimeline" })
        #expect(unmoved.prerequisites == [try #require(readsOnly.ownChecks["statuses.homeTimeline"]), try #require(readsOnly.login)])
        #expect(readsOnly.rereadingPaging.isEmpty)
    }

    @Test func anAPIWithoutLoginPlansNoLogin() {
        let api = API(name: "open", envelope: Demo.api.envelope, endpoints: [Demo.topics, Demo.config])
        let plan = LivePlan(api: api, selected: api.endpoints, probes: true)
        #expect(plan.login == nil)
        #expect(plan.steps.map(name) == ["topics.list", "config.main", "error-check bad_page topics.list"])
        #expect(depths(plan).values.max() == 2)
    }

    /// An error check waits for its endpoint's own check and sends the same token; the second
    /// login (which revokes that token) waits for it. `--only` another endpoint plans none.
    @Test func anErrorCheckFollowsItsEndpointsCheckWithItsToken() throws {
        let check = try #require(plan.steps.first { name($0) == "statuses.show" })
        let errorCheck = try #require(plan.steps.first { name($0) == "error-check not_found statuses.show" })
        #expect(errorCheck.prerequisites.contains(check.id))
        #expect(errorCheck.token == check.token)
        // It sets the id the endpoint's own check reads from the timeline: it waits for no answer.
        #expect(check.samples.keys.sorted() == ["statuses.homeTimeline"])
        #expect(errorCheck.samples.isEmpty)
        #expect(plan.steps[try #require(plan.secondLogin)].prerequisites.contains(errorCheck.id))
        let only = LivePlan(api: Demo.api, selected: Demo.api.endpoints.filter { $0.id == "users.show" }, probes: true)
        #expect(!only.steps.contains { if case .errorCheck = $0.action { true } else { false } })
    }

    /// `--only` an endpoint that needs no token but reads the login's answer (a profile by the
    /// user id the login gave): the login runs first, unreported, as any `.seen` source does.
    @Test func onlyAnEndpointReadingTheLoginsAnswerPlansTheLogin() throws {
        let account = Parameter.body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil))
        let password = Parameter.body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil))
        let login = Endpoint<NoContent>(
            id: "login", .post, "login", parameters: [account, password], mock: "login",
            sessionEffect: .logsIn
        ).erased
        let profile = Endpoint<NoContent>(
            id: "profile", .get, "profile/{userId}",
            parameters: [.path("userId", .string, sample: .seen(endpoint: "login", path: "$.user_id", fallback: nil))],
            mock: "profile"
        ).erased
        let me = Endpoint<NoContent>(id: "me", .get, "me", mock: "me", auth: .token).erased
        let api = API(
            name: "users", envelope: .none, auth: AuthPolicy(loginEndpoint: "login", tokenField: "token", placement: .bearer),
            endpoints: [login, profile, me])
        let plan = LivePlan(api: api, selected: [profile], probes: true)
        #expect(plan.steps.map(name).prefix(2) == ["(login) login", "profile"], "\(plan.steps.map(name))")
        let check = try #require(plan.steps.first { name($0) == "profile" })
        #expect(check.samples["login"] == plan.login)
    }

    @Test func everySelectedEndpointIsCheckedOnceWhateverItsSessionEffect() {
        let account = Parameter.body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil))
        let password = Parameter.body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil))
        let endpoints: [AnyEndpoint] = [
            Endpoint<NoContent>(id: "login", .post, "login", parameters: [account, password], mock: "login", sessionEffect: .logsIn).erased,
            Endpoint<NoContent>(id: "refresh", .post, "refresh", mock: "refresh", auth: .token, sessionEffect: .logsIn).erased,
            Endpoint<NoContent>(id: "sso", .post, "sso", parameters: [account, password], mock: "sso", sessionEffect: .logsIn).erased,
            Endpoint<NoContent>(id: "logout", .post, "logout", mock: "logout", auth: .token, sessionEffect: .logsOut).erased,
            Endpoint<NoContent>(id: "logoutAll", .post, "logout/all", mock: "logout_all", auth: .token, sessionEffect: .logsOut).erased,
            Endpoint<NoContent>(id: "forget", .post, "forget", mock: "forget", sessionEffect: .logsOut).erased,
            Endpoint<NoContent>(id: "me", .get, "me", mock: "me", auth: .token).erased,
        ]
        let api = API(
            name: "many", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "login", tokenField: nil, placement: .bearer), endpoints: endpoints)
        for probes in [true, false] {
            let plan = LivePlan(api: api, selected: endpoints, probes: probes)
            let reported = plan.steps.compactMap { step -> String? in
                if case let .check(endpoint, true) = step.action { return endpoint.id }
                return nil
            }
            #expect(reported.sorted() == endpoints.map(\.id).sorted())
            // The refresh needs a token: it is not the second login, and gets a login of its own.
            let second = plan.secondLogin.map { plan.steps[$0].endpoint.id }
            #expect(second == "sso")
            let refresh = plan.steps.first { step in
                if case .check = step.action { return step.endpoint.id == "refresh" }
                return false
            }
            if case let .live(issuer?)? = refresh?.token {
                #expect(plan.steps[issuer].endpoint.id == "login" && issuer != plan.login)
            } else {
                Issue.record("refresh has no login of its own")
            }
        }
    }
}

/// A probe an endpoint opts out of runs nowhere on it; the others still do.
@Suite struct ProbeOptOutTests {
    struct Room: Decodable, Sendable { var id: String }

    @Test func anEndpointSkippingAProbeIsNotSentIt() {
        let login = Endpoint<Room>(
            id: "login", .post, "login",
            parameters: [
                .body("user", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
                .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
            ],
            mock: "login", sessionEffect: .logsIn)
        let create = Endpoint<Room>(
            id: "rooms.create", .post, "rooms", mock: "create", auth: .token,
            probing: .always.skipping(.tokenExpired))
        let read = Endpoint<Room>(id: "rooms.show", .get, "rooms/1", mock: "room", auth: .token, probing: .whenSafe.skipping(.missingToken))
        let api = API(
            name: "rooms", envelope: .none, expired: [.status(401)],
            auth: AuthPolicy(loginEndpoint: "login", tokenField: "id", placement: .bearer, missingToken: .deadToken),
            endpoints: [login, create, read])
        let plan = LivePlan(api: api, selected: api.endpoints, probes: true)
        let probes: [String] = plan.steps.compactMap { step in
            if case let .probe(probe, endpoint) = step.action { return "\(probe.rawValue) \(endpoint.id)" }
            return nil
        }
        #expect(!probes.contains("token-expired rooms.create"), "\(probes)")
        #expect(!probes.contains("missing-token rooms.show"), "\(probes)")
        #expect(probes.contains("token-expired rooms.show"), "\(probes)")
    }

    /// The refresh probe needs a success: it goes to a GET without parameters where there is one,
    /// not to the first GET, whose input may fail its own check (Superset's
    /// `advanced_data_type/convert?q=` answers 400), which skips the probe, judging nothing.
    @Test func theRefreshProbeTriesAGETWithoutParameters() {
        var api = BearerRefreshAPI.api
        let convert = Endpoint<BearerRefreshAPI.Me>(
            id: "convert", .get, "convert", parameters: [.query("q", .string)], mock: "me", auth: .token)
        api.endpoints.insert(convert.erased, at: 2)
        let plan = LivePlan(api: api, selected: api.endpoints, probes: true)
        let probes = plan.steps.compactMap { step -> String? in
            if case let .probe(.refresh, endpoint) = step.action { return endpoint.id }
            return nil
        }
        #expect(probes == ["me"], "\(probes)")
    }
}
