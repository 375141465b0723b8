@testable import APICheck
import Foundation
import TestSupport
import Testing

/// Order beyond values: `after:` declarations, `--only` pulling in what the selection needs, and a
/// step whose sample source failed being skipped with the reason. Mock tier: no socket.
@Suite struct RunOrderTests {
    func run(_ transport: MockTransport, mocks: URL, only: Set<String>?) async -> Report {
        await LiveCheck(
            api: RoomsAPI.api, transport: transport,
            options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/chat/")!, only: only, mocksDirectory: mocks, probes: false)
        ).run()
    }

    @Test func aDeclaredAfterOrdersTheReadAfterTheWrite() {
        let plan = LivePlan(api: RoomsAPI.api, selected: RoomsAPI.api.endpoints, probes: false)
        let ids = Dictionary(uniqueKeysWithValues: plan.steps.map { ($0.endpoint.id, $0.id) })
        let messages = plan.steps[ids["rooms.messages"]!]
        #expect(messages.prerequisites == [ids["rooms.create"]!, ids["rooms.send"]!])
    }

    @Test func onlyPullsInWhatTheSelectionNeedsAndReportsTheSelectionAlone() async throws {
        #expect(
            RoomsAPI.api.dependencies(of: ["rooms.messages"]).map { "\($0.id)<-\($0.neededBy)" }
                == ["rooms.create<-rooms.messages", "rooms.send<-rooms.messages"])
        #expect(RoomsAPI.api.dependencies(of: ["rooms.send"]).map { "\($0.id)<-\($0.neededBy)" } == ["rooms.create<-rooms.send"])
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        for only in RoomsAPI.api.endpoints.map(\.id) {
            let transport = MockTransport(directory: mocks.url, api: RoomsAPI.api)
            let report = await run(transport, mocks: mocks.url, only: [only])
            #expect(report.allFindings.map(\.message) == [], "--only \(only)")
            #expect(report.results.map(\.endpoint) == [only])
            #expect(report.verdict == .holds, "--only \(only)")
        }
        let transport = MockTransport(directory: mocks.url, api: RoomsAPI.api)
        _ = await run(transport, mocks: mocks.url, only: ["rooms.messages"])
        // The write before the read, into the room the create made.
        #expect(transport.requests.map(\.endpointID) == ["rooms.create", "rooms.send", "rooms.messages"])
        #expect(transport.requests.last?.url.path == "/chat/rooms/!abc:example.org/messages")
    }

    @Test func aStepWhoseSampleSourceFailedIsSkippedWithThatReason() async throws {
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        try Data(#"{"errcode": "M_UNKNOWN", "error": "no rooms today"}"#.utf8)
            .write(to: mocks.appendingPathComponent("rooms_create@failed.500.json"))
        let transport = MockTransport(directory: mocks.url, api: RoomsAPI.api)
        transport.use("failed", for: "rooms.create")
        let report = await run(transport, mocks: mocks.url, only: nil)
        let send = try #require(report.results.first { $0.endpoint == "rooms.send" })
        #expect(send.skipped == "its sample for 'roomId' comes from rooms.create, which did not succeed")
        #expect(send.findings.isEmpty)
        #expect(!report.allFindings.contains { $0.kind == .invalidRequest })
        #expect(transport.requests.map(\.endpointID) == ["rooms.create"])
    }

    /// MLflow's `runs/search` of an experiment without runs answers `{}`: a success, which
    /// holds nothing the next step reads. The skip says so, not that the search failed.
    @Test func aStepWhoseSourceSucceededWithoutTheValueIsSkippedSayingSo() async throws {
        let search = Endpoint<JSONValue>(id: "runs.search", .post, "runs/search", mock: "runs_search").readingOnly()
        let history = Endpoint<JSONValue>(
            id: "metrics.history", .get, "metrics/get-history",
            parameters: [
                .query(
                    "run_id", .string, required: true, sample: .seen(endpoint: "runs.search", path: "$.runs[0].info.run_id", fallback: nil))
            ],
            mock: "metric_history")
        let api = API(name: "runs", envelope: .none, endpoints: [search.erased, history.erased])
        let mocks = try TemporaryFolder("runs-mocks")
        defer { mocks.remove() }
        for name in ["runs_search", "metric_history"] { try Data("{}".utf8).write(to: mocks.appendingPathComponent(name + ".json")) }
        let report = await LiveCheck(
            api: api, transport: MockTransport(directory: mocks.url, api: api),
            options: LiveOptions(baseURL: URL(string: "http://mock.invalid/")!, probes: false)
        ).run()
        #expect(report.results.first { $0.endpoint == "runs.search" }?.findings.isEmpty == true)
        let skipped = try #require(report.results.first { $0.endpoint == "metrics.history" }?.skipped)
        #expect(skipped == "its sample for 'run_id' comes from runs.search, whose answer has no value at $.runs[0].info.run_id")
    }

    /// The rooms API with the read ordered after the send instead of declared after it, as the
    /// import writes the orders it guesses.
    static let ordered = API(
        name: "rooms", environments: ["local": URL(string: "http://127.0.0.1:9000/chat/")!], envelope: EnvelopePolicy(),
        endpoints: [
            RoomsAPI.create.erased, RoomsAPI.send.erased,
            Endpoint<RoomsAPI.Messages>(
                id: "rooms.messages", .get, "rooms/{roomId}/messages",
                parameters: [.path("roomId", .string, sample: .seen(endpoint: "rooms.create", path: "$.room_id", fallback: nil))],
                mock: "rooms_messages", enveloped: false
            ).ordered(after: "rooms.send").erased,
        ])

    @Test func anOrderThatIsNoNeedOrdersTheRunButOnlyPullsInNothing() async throws {
        #expect(Self.ordered.problems.isEmpty)
        #expect(Self.ordered.dependencies(of: ["rooms.messages"]).map { "\($0.id)<-\($0.neededBy)" } == ["rooms.create<-rooms.messages"])
        let plan = LivePlan(api: Self.ordered, selected: Self.ordered.endpoints, probes: false)
        let ids = Dictionary(uniqueKeysWithValues: plan.steps.map { ($0.endpoint.id, $0.id) })
        #expect(plan.steps[ids["rooms.messages"]!].prerequisites == [ids["rooms.create"]!, ids["rooms.send"]!])
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        func requests(only: Set<String>?) async -> [String] {
            let transport = MockTransport(directory: mocks.url, api: Self.ordered)
            let report = await LiveCheck(
                api: Self.ordered, transport: transport,
                options: LiveOptions(
                    baseURL: URL(string: "http://mock.invalid/chat/")!, only: only, mocksDirectory: mocks.url, probes: false)
            ).run()
            #expect(report.verdict == .holds)
            return transport.requests.compactMap(\.endpointID)
        }
        // Alone, the read sends no write it is merely ordered after; with it, it waits for it.
        #expect(await requests(only: ["rooms.messages"]) == ["rooms.create", "rooms.messages"])
        #expect(await requests(only: nil) == ["rooms.create", "rooms.send", "rooms.messages"])
    }

    @Test func anOrderNamingNoEndpointIsADeclarationProblem() {
        let api = API(
            name: "rooms", environments: ["local": URL(string: "http://127.0.0.1:9000/chat/")!], envelope: EnvelopePolicy(),
            endpoints: [RoomsAPI.create.ordered(after: "rooms.gone", "rooms.create").erased])
        #expect(
            api.problems.map(\.message) == [
                "declares to come after 'rooms.gone', which is not declared", "declares to come after itself",
            ])
    }
}
