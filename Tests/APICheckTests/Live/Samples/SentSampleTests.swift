@testable import APICheck
import Foundation
import TestSupport
import Testing

/// A write to what a creation named in its request (`.sent`): the name the run's own creation
/// sent, only once that creation succeeded, never a name the run did not create.
@Suite struct SentSampleTests {
    /// Deletes the room `rooms.create` named: its answer names the room by an id the path does
    /// not take.
    static let delete = Endpoint<JSONValue>(
        id: "rooms.delete", .delete, "rooms/by-name/{name}",
        parameters: [.path("name", .string, sample: .sent(endpoint: "rooms.create", path: "$.name"))],
        mock: "rooms_delete", enveloped: false)

    static let api = API(
        name: "rooms", environments: ["local": URL(string: "http://127.0.0.1:9000/chat/")!],
        envelope: EnvelopePolicy(), endpoints: [delete.erased, RoomsAPI.create.erased])

    func run(_ transport: MockTransport, mocks: URL, only: Set<String>? = nil) async -> Report {
        await LiveCheck(
            api: Self.api, transport: transport,
            options: LiveOptions(baseURL: URL(string: "http://mock.invalid/chat/")!, only: only, mocksDirectory: mocks, probes: false)
        ).run()
    }

    func mocks() throws -> TemporaryFolder {
        let folder = try RoomsAPI.mockFolder()
        try Data("{}".utf8).write(to: folder.appendingPathComponent("rooms_delete.json"))
        return folder
    }

    @Test func aWriteSendsTheNameItsCreationSentAfterIt() async throws {
        #expect(Self.api.problems.isEmpty)
        let mocks = try mocks()
        defer { mocks.remove() }
        let transport = MockTransport(directory: mocks.url, api: Self.api)
        let report = await run(transport, mocks: mocks.url)
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        // Declared first, sent second: the creation it reads comes before it.
        #expect(transport.requests.map(\.endpointID) == ["rooms.create", "rooms.delete"])
        #expect(transport.requests.last?.url.path == "/chat/rooms/by-name/general")
        // Alone, it brings its creation along.
        let alone = MockTransport(directory: mocks.url, api: Self.api)
        _ = await run(alone, mocks: mocks.url, only: ["rooms.delete"])
        #expect(alone.requests.map(\.endpointID) == ["rooms.create", "rooms.delete"])
    }

    @Test func aWriteWhoseCreationFailedIsNotSent() async throws {
        let mocks = try mocks()
        defer { mocks.remove() }
        try Data(#"{"errcode": "M_UNKNOWN", "error": "no rooms today"}"#.utf8)
            .write(to: mocks.appendingPathComponent("rooms_create@failed.500.json"))
        let transport = MockTransport(directory: mocks.url, api: Self.api)
        transport.use("failed", for: "rooms.create")
        let report = await run(transport, mocks: mocks.url)
        let delete = try #require(report.results.first { $0.endpoint == "rooms.delete" })
        #expect(delete.skipped == "its sample for 'name' is what rooms.create sent, which did not succeed")
        #expect(transport.requests.map(\.endpointID) == ["rooms.create"])
    }

    struct NewRoom: Codable, Sendable {
        var name: String
        var topic: String
    }

    /// The creation's body names the room per run: the sample's other members stay as written.
    @Test func aBodyReplacingAMemberSendsTheRunsOwnName() async throws {
        let create = Endpoint<RoomsAPI.Room>(
            id: "rooms.create", .post, "rooms", mock: "rooms_create", enveloped: false,
            body: .json(
                NewRoom.self, sample: NewRoom(name: "string", topic: "chat"),
                replacing: [.input("name", .string, sample: .unique(prefix: "apicheck-"))]))
        let api = API(
            name: "rooms", environments: ["local": URL(string: "http://127.0.0.1:9000/chat/")!],
            envelope: EnvelopePolicy(), endpoints: [create.erased, Self.delete.erased])
        #expect(api.problems.isEmpty)
        let mocks = try mocks()
        defer { mocks.remove() }
        let transport = MockTransport(directory: mocks.url, api: api)
        let report = await LiveCheck(
            api: api, transport: transport,
            options: LiveOptions(baseURL: URL(string: "http://mock.invalid/chat/")!, mocksDirectory: mocks.url, runID: "r1", probes: false)
        ).run()
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        let sent = try JSONParser.parse(try #require(transport.requests.first?.body))
        #expect(sent == .object([("name", .string("apicheck-r1")), ("topic", .string("chat"))]))
        #expect(transport.requests.last?.url.path == "/chat/rooms/by-name/apicheck-r1")
    }

    @Test func aSentSampleReadsABodyThatExists() {
        let unsent = Endpoint<JSONValue>(
            id: "rooms.delete", .delete, "rooms/by-name/{name}",
            parameters: [.path("name", .string, sample: .sent(endpoint: "rooms.list", path: "name"))],
            mock: "rooms_delete", enveloped: false)
        let list = Endpoint<JSONValue>(id: "rooms.list", .get, "rooms", mock: "rooms_list", enveloped: false)
        let api = API(
            name: "rooms", environments: ["local": URL(string: "http://127.0.0.1:9000/chat/")!],
            envelope: EnvelopePolicy(), endpoints: [unsent.erased, list.erased])
        #expect(
            api.problems.map(\.message) == [
                "parameter 'name' samples what 'rooms.list' sent, which sends no body",
                "parameter 'name' samples from the path 'name', which is not a JSONPath like $.datas.items[0].id",
            ])
    }
}
