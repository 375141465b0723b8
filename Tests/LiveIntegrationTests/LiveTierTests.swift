import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// Live scenarios that hold on both tiers: in process over the mocks, and over a socket.
@Suite struct LiveTierTests {
    static let scenarios = [
        LiveScenario("every endpoint answers as its mock"),
        LiveScenario("a failure code is a server-code error", only: ["statuses.homeTimeline", "statuses.show"],
                     variants: ["statuses.show": "not_found"],
                     faults: [.envelopeCode(route: "statuses/{id}", code: 20101, msg: "status not found")],
                     findings: ["error server-code statuses.show $.code"], exitCode: 1),
        LiveScenario("a forced logout on one endpoint leaves the others their token",
                     only: ["statuses.homeTimeline", "users.show", "topics.list", "topics.like"],
                     variants: ["statuses.homeTimeline": "logout"],
                     faults: [.envelopeCode(route: "statuses/home_timeline", code: 10504, msg: "logged in on another device")],
                     findings: ["error logout statuses.homeTimeline $.code"], exitCode: 1),
    ]

    @Test(arguments: LiveTier.allCases, scenarios)
    func theScenarioTableHoldsOnBothTiers(tier: LiveTier, scenario: LiveScenario) async throws {
        let (report, exchanges) = try await tier.runDemo(scenario)
        #expect(report.findingLines == scenario.findings)
        #expect(report.exitCode == scenario.exitCode)
        #expect(report.endpointResults.count == scenario.only?.count ?? 11)
        #expect(report.endpointResults.allSatisfy { $0.skipped == nil })
        // The session's login, and auth.token as the second login when it is checked: no
        // other login is sent.
        let logins = exchanges.compactMap(\.0.endpointID).filter { ["account.login", "auth.token"].contains($0) }
        #expect(logins.sorted() == (scenario.only == nil ? ["account.login", "auth.token"] : ["account.login"]))
    }

    @Test(arguments: LiveTier.allCases)
    func aSampleSeenInAnotherAnswerIsSentWithTheTokenTheLoginIssued(tier: LiveTier) async throws {
        let (report, exchanges) = try await tier.runDemo(LiveScenario("samples", only: ["statuses.homeTimeline", "statuses.show", "users.show"]))
        #expect(report.exitCode == 0)
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
        #expect(report.exitCode == 0)
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
