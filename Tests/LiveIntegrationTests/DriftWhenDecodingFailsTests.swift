// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`next_batch`), as an app's would.
import APICheck
import Foundation
import TestSupport
import Testing

/// Drift against a mock when the live answer does not decode, or shows less variety than the
/// mock: a map's keys stay data, and a field that only some of the mock's items carry is not
/// "removed" from a page that has none of them.
@Suite struct DriftWhenDecodingFailsTests {
    struct Room: Decodable, Sendable { var name: String }
    struct Rooms: Decodable, Sendable {
        var join: [String: Room]
        var count: Int
    }
    struct Sync: Decodable, Sendable {
        var next_batch: Int
        var rooms: Rooms
    }
    struct Event: Decodable, Sendable {
        var id: String
        var deleted: Bool?
    }

    static let sync = Endpoint<Sync>(id: "sync", .get, "sync", mock: "sync")
    static let events = Endpoint<[Event]>(id: "events", .get, "events", mock: "events")
    static let api = API(name: "chat", envelope: .none, endpoints: [sync, events])

    static let mocks = [
        "sync.json": #"{"next_batch": 1, "rooms": {"join": {"!a:server": {"name": "A"}}, "count": 1}}"#,
        "events.json": #"[{"id": "e1", "kind": "m"}, {"id": "e2", "kind": "m", "deleted": true}]"#,
    ]

    func run(sync: String, events: String, syncMock: String = mocks["sync.json"]!) async throws -> Report {
        let folder = try TemporaryFolder("drift-decode")
        defer { folder.remove() }
        for (name, body) in Self.mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        try Data(syncMock.utf8).write(to: folder.appendingPathComponent("sync.json"))
        return try await LiveTier.socket.run(Self.api, mocks: folder.url) { path in
            Data((path.hasSuffix("/sync") ? sync : events).utf8)
        }.0
    }

    /// The mock's map holds one room or none; the answer, whose `next_batch` turned into a string
    /// (an error), holds three.
    @Test(arguments: [#"{"!a:server": {"name": "A"}}"#, "{}"])
    func aMapsKeysAreDataEvenWhenTheAnswerDoesNotDecode(mockRooms: String) async throws {
        let report = try await run(
            sync:
                #"{"next_batch": "s1", "rooms": {"join": {"!a:server": {"name": "A"}, "!b:server": {"name": "B"}, "!c:server": {"name": "C"}}, "count": 3}}"#,
            events: Self.mocks["events.json"]!,
            syncMock: #"{"next_batch": 1, "rooms": {"join": "# + mockRooms + #", "count": 1}}"#)
        let findings = report.results.first { $0.name == "sync" }?.findings ?? []
        #expect(findings.contains { $0.kind == .decode && $0.path == "$.next_batch" }, "\(findings.map(\.summaryLine))")
        #expect(!findings.contains { $0.kind == .driftAdded }, "\(findings.map(\.summaryLine))")
    }

    /// A field the type reads that changed type is an error beside the decode error, not a
    /// warning that says the answer decoded: it did not.
    @Test func anAnswerThatDoesNotDecodeKeepsItsOtherDriftErrors() async throws {
        let report = try await run(
            sync: #"{"next_batch": "s1", "rooms": {"join": {}, "count": "three"}}"#, events: Self.mocks["events.json"]!)
        let findings = report.results.first { $0.name == "sync" }?.findings ?? []
        let retyped = try #require(findings.first { $0.path == "$.rooms.count" }, "\(findings.map(\.summaryLine))")
        #expect(retyped.kind == .driftType && retyped.severity == .error, "\(retyped.summaryLine)")
        #expect(!retyped.message.contains("decoded"), "\(retyped.message)")
    }

    @Test func aFieldOnlySomeItemsCarryIsNotRemovedFromAPageWithoutThem() async throws {
        let report = try await run(sync: Self.mocks["sync.json"]!, events: #"[{"id": "e3", "kind": "m"}, {"id": "e4", "kind": "m"}]"#)
        let findings = report.results.first { $0.name == "events" }?.findings ?? []
        #expect(findings.isEmpty, "\(findings.map(\.summaryLine))")
        #expect(report.verdict == .holds)
    }

    @Test func aFieldEveryItemCarriedThatIsGoneIsStillRemoved() async throws {
        let report = try await run(sync: Self.mocks["sync.json"]!, events: #"[{"id": "e3"}]"#)
        let findings = report.results.first { $0.name == "events" }?.findings ?? []
        #expect(findings.map(\.kind) == [.driftRemoved] && findings.first?.path == "$[*].kind", "\(findings.map(\.summaryLine))")
        let gone = try await run(sync: #"{"next_batch": 2, "rooms": {"join": {}, "count": 0}}"#, events: Self.mocks["events.json"]!)
        #expect(gone.results.first { $0.name == "sync" }?.findings.isEmpty == true, "an empty map is no drift")
    }
}
