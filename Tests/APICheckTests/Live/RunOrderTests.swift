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
}
