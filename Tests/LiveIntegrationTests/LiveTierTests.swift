import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// Live scenarios that hold on both tiers: in process over the mocks, and over a socket.
@Suite struct LiveTierTests {
    static let scenarios = [
        LiveScenario("every endpoint answers as its mock"),
        LiveScenario(
            "a failure code is a server-code error", only: ["statuses.homeTimeline", "statuses.show"],
            variants: ["statuses.show": "not_found"],
            faults: [.envelopeCode(route: "statuses/{id}", code: 20101, msg: "status not found")],
            findings: ["error server-code statuses.show $.code"], verdict: .violated),
        LiveScenario(
            "a forced logout on one endpoint leaves the others their token",
            only: ["statuses.homeTimeline", "users.show", "topics.list", "topics.like"],
            variants: ["statuses.homeTimeline": "logout"],
            faults: [.envelopeCode(route: "statuses/home_timeline", code: 10504, msg: "logged in on another device")],
            findings: ["error logout statuses.homeTimeline $.code"], verdict: .violated),
        LiveScenario("every endpoint and every auth probe answers as its mock", probes: true),
        LiveScenario(
            "a renamed field is a decode error at its JSONPath, and drift", only: ["statuses.homeTimeline"],
            mockEdits: [.replace(file: "home_timeline.json", #""screen_name":"#, with: #""screenName":"#)],
            faults: [.renameField(route: "statuses/home_timeline", from: "screen_name", to: "screenName")],
            findings: [
                "error decode statuses.homeTimeline $.datas.statuses[0].user.screen_name",
                "warning drift-added statuses.homeTimeline $.datas.statuses[*].user.screenName",
            ], verdict: .violated),
        LiveScenario(
            "a field of the wrong type is a decode error", only: ["users.show"],
            mockEdits: [.replace(file: "user_show.json", #""followers_count": 85667"#, with: #""followers_count": "12""#)],
            faults: [.replaceField(route: "users/show", key: "followers_count", json: #""12""#)],
            findings: ["error decode users.show $.datas.followers_count"], verdict: .violated),
        LiveScenario(
            "an added field is drift, a warning", only: ["topics.list"],
            mockEdits: [.replace(file: "topics.json", #""userID":"#, with: #""hot": true, "userID":"#)],
            faults: [.addField(route: "topics", key: "hot", json: "true")],
            findings: ["warning drift-added topics.list $.datas[*].hot"]),
        LiveScenario(
            "a removed optional field is drift, a warning", only: ["account.login"],
            mockEdits: [.replace(file: "login.json", #""mail": "demo@example.com","#, with: "")],
            faults: [.removeField(route: "Account/login", key: "mail")],
            findings: ["warning drift-removed account.login $.datas.mail"]),
        LiveScenario(
            "a token a second login should have revoked still works: the logout probes fail",
            only: ["statuses.homeTimeline", "topics.like"],
            mockEdits: MockEdit.keepsRevokedTokens("home_timeline") + MockEdit.keepsRevokedTokens("topic_like"),
            faults: [.noRevocation], probes: true,
            findings: ["error probe-revoked-token statuses.homeTimeline -", "error probe-revoked-token topics.like -"], verdict: .violated),
        LiveScenario(
            "a token the server never issued works, and none at all: the expired, missing and logged-out probes fail",
            only: ["statuses.homeTimeline", "users.show", "account.logout"],
            mockEdits: MockEdit.acceptsDeadTokens("home_timeline") + MockEdit.acceptsDeadTokens("user_show")
                + MockEdit.acceptsDeadTokens("logout"),
            faults: [.deadTokenAccepted], probes: true,
            findings: [
                "error probe-logged-out statuses.homeTimeline -", "error probe-missing-token statuses.homeTimeline -",
                "error probe-token-expired account.logout -",
                "error probe-token-expired statuses.homeTimeline -", "error probe-token-expired users.show -",
            ],
            verdict: .violated),
        LiveScenario(
            "a failure code in the envelope is a server-code error", only: ["topics.list"],
            mockEdits: [.write(file: "topics.json", #"{"code": -1, "msg": "missing parameter: uid", "datas": null}"#)],
            faults: [.envelopeCode(route: "topics", code: -1, msg: "missing parameter: uid")],
            findings: ["error server-code topics.list $.code"], verdict: .violated),
        LiveScenario(
            "an HTML error page is an HTTP status error", only: ["topics.list"], variants: ["topics.list": "bad_gateway"],
            mockEdits: [.write(file: "topics@bad_gateway.502.json", "<html><head><title>502 Bad Gateway</title></head></html>\n")],
            faults: [.html(route: "topics", status: 502)],
            findings: ["error http-status topics.list -"], verdict: .violated),
        LiveScenario(
            "an answer that is not JSON is an error", only: ["config.main"],
            mockEdits: [.write(file: "config_main.json", "<html><body>maintenance</body></html>\n")],
            faults: [.html(route: "config/main.json", status: 200)],
            findings: ["error not-json config.main -"], verdict: .violated),
    ]

    @Test(arguments: LiveTier.allCases, scenarios)
    func theScenarioTableHoldsOnBothTiers(tier: LiveTier, scenario: LiveScenario) async throws {
        let (report, exchanges) = try await tier.runDemo(scenario)
        #expect(report.findingLines == scenario.findings)
        #expect(report.verdict == scenario.verdict)
        #expect(report.endpointResults.count == scenario.only?.count ?? 11)
        #expect(report.endpointResults.allSatisfy { $0.skipped == nil })
        // The session's login, and auth.token as the second login when it is checked: no
        // other login is sent.
        let logins = exchanges.compactMap(\.0.endpointID).filter { ["account.login", "auth.token"].contains($0) }
        // The revocation probes' second login is the probes' own; a run of endpoints that need no
        // token logs in only when it checks the login itself.
        let needsLogin =
            scenario.only.map { ids in
                ids.contains("account.login") || ids.contains { Demo.api.endpoint($0)?.requiresToken == true }
            } ?? true
        if !scenario.probes {
            #expect(logins.sorted() == (scenario.only == nil ? ["account.login", "auth.token"] : needsLogin ? ["account.login"] : []))
        }
    }

    /// The mock tier stands in for the socket only if the run asks it the same things.
    @Test(arguments: scenarios)
    func bothTiersSendTheSameRequests(scenario: LiveScenario) async throws {
        func sent(_ tier: LiveTier) async throws -> [String] {
            try await tier.runDemo(scenario).1.map { "\($0.0.method) \($0.0.endpointID ?? $0.0.url.path)" }.sorted()
        }
        let overMocks = try await sent(.mocks), overSocket = try await sent(.socket)
        #expect(overMocks == overSocket)
        #expect(!overMocks.isEmpty)
    }

    @Test(arguments: LiveTier.allCases)
    func aSampleSeenInAnotherAnswerIsSentWithTheTokenTheLoginIssued(tier: LiveTier) async throws {
        let (report, exchanges) = try await tier.runDemo(
            LiveScenario("samples", only: ["statuses.homeTimeline", "statuses.show", "users.show"]))
        #expect(report.verdict == .holds)
        func exchange(_ id: String) throws -> (HTTPRequest, HTTPResponse) { try #require(exchanges.first { $0.0.endpointID == id }) }
        let login = try JSONParser.parse(try exchange("account.login").1.body)
        let token = try #require(login["datas"]?["utoken"]?.stringValue)
        let timeline = try JSONParser.parse(try exchange("statuses.homeTimeline").1.body)
        let statusID = try #require(timeline.value(at: JSONPath(parsing: "$.datas.statuses[0].id")!)?.int64Value)
        let authorID = try #require(timeline.value(at: JSONPath(parsing: "$.datas.statuses[0].user.id")!)?.int64Value)
        #expect(try exchange("statuses.show").0.url.path.hasSuffix("/statuses/\(statusID)"))
        #expect(try exchange("users.show").0.url.query?.contains("uid=\(authorID)") == true)
        for id in ["statuses.homeTimeline", "statuses.show", "users.show"] {
            #expect(try exchange(id).0.url.query?.contains("access_token=\(token)") == true)
        }
    }

    @Test(arguments: LiveTier.allCases)
    func anAPIWithoutLoginRunsWithoutCredentials(tier: LiveTier) async throws {
        let item = Endpoint<OpenItem>(id: "items.show", .get, "items/1", mock: "item")
        let list = Endpoint<[OpenItem]>(id: "items.list", .get, "items", mock: "items", enveloped: false)
        let api = API(name: "open", envelope: EnvelopePolicy(), endpoints: [item, list])
        #expect(api.problems.isEmpty)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = Data(#"{"code": 200, "msg": "ok", "datas": {"id": 1, "name": "first"}}"#.utf8)
        let all = Data(#"[{"id": 1, "name": "first"}, {"id": 2, "name": "second"}]"#.utf8)
        try one.write(to: folder.appendingPathComponent("item.json"))
        try all.write(to: folder.appendingPathComponent("items.json"))

        let (report, exchanges) = try await tier.run(api, mocks: folder) { path in path.hasSuffix("/items") ? all : one }

        #expect(report.allFindings.map(\.message) == [])
        #expect(report.results.map(\.name) == ["items.show", "items.list"])
        #expect(report.verdict == .holds)
        #expect(exchanges.map { $0.0.endpointID ?? "" }.sorted() == ["items.list", "items.show"])
        #expect(exchanges.allSatisfy { $0.0.header("Authorization") == nil && $0.0.url.query == nil })
    }

    @Test func anEndpointNeedingTheTokenInAnAPIWithoutLoginIsADeclarationProblem() {
        let item = Endpoint<OpenItem>(id: "items.show", .get, "items/1", mock: "item", auth: .token)
        let api = API(name: "open", envelope: EnvelopePolicy(), endpoints: [item])
        #expect(api.problems.map(\.message) == ["needs the token, but the API declares no login (auth: .noLogin)"])
    }
}

struct OpenItem: Decodable, Sendable {
    var id: Int
    var name: String
}
