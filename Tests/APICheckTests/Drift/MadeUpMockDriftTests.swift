import APICheck
import Foundation
import Testing

/// A mock `import-openapi` made from a schema fills every optional field; a correct server
/// leaves most of them out. `live` says so as information, not as a stale mock a `--strict` run
/// fails on, while the mock is as the import made it; once recorded or edited it is judged as
/// any other. What the type requires is drift all the same; a field neither the type nor the
/// made-up mock has is one the document does not list, which a schema allows unless it says
/// `additionalProperties: false` (Kinto's objects say `additionalProperties: {}` beside their
/// `properties`): information naming it, as drift from a recorded mock is a warning.
@Suite struct MadeUpMockDriftTests {
    struct Pet: Decodable, Sendable {
        var id: Int
        var tag: String?
        var prefix: String?
    }

    static let show = Endpoint<Pet>(id: "pets.show", .get, "pets/1", mock: "pet")
    static let api = API(name: "pets", envelope: .none, endpoints: [show])
    static let mock = #"{"id": 1, "tag": "made-up", "note": "made-up"}"# + "\n"

    struct Fixed: Transport {
        let body: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    func drift(mock: String, listed: String = MadeUpMockDriftTests.mock, answer: String) async throws -> [Finding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("made-up-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try mock.write(to: folder.appendingPathComponent("pet.json"), atomically: true, encoding: .utf8)
        try MadeUpMocks.listing([("pet.json", listed)]).write(
            to: folder.appendingPathComponent(MadeUpMocks.fileName), atomically: true, encoding: .utf8)
        let report = await LiveCheck(
            api: Self.api, transport: Fixed(body: answer),
            options: LiveOptions(baseURL: URL(string: "http://pets.invalid/")!, mocksDirectory: folder, probes: false)
        ).run()
        return report.endpointResults.first?.findings ?? []
    }

    @Test func aMadeUpOptionalFieldGoneIsInformation() async throws {
        let findings = try await drift(mock: Self.mock, answer: #"{"id": 1}"#)
        #expect(findings.map(\.severity) == [.info, .info], "\(findings.map(\.message))")
        #expect(findings.map(\.path) == ["$.tag", "$.note"])
        #expect(findings.allSatisfy { $0.message.contains("made from the schema") })
    }

    @Test func aFieldTheDocumentDoesNotListIsInformation() async throws {
        let findings = try await drift(mock: Self.mock, answer: #"{"id": 1, "tag": "a", "note": "b", "extra": 3}"#)
        #expect(findings.map(\.severity) == [.info], "\(findings.map(\.message))")
        #expect(findings.first?.path == "$.extra" && findings.first?.message.contains("the document does not list it") == true)
        let edited = #"{"id": 1, "tag": "mine", "note": "mine"}"# + "\n"
        let recorded = try await drift(mock: edited, answer: #"{"id": 1, "tag": "a", "note": "b", "extra": 3}"#)
        #expect(recorded.map(\.severity) == [.warning], "a recorded mock is judged as any other: \(recorded.map(\.message))")
    }

    @Test func aRecordedOrEditedMockIsJudgedAsAnyOther() async throws {
        let edited = #"{"id": 1, "tag": "mine", "note": "mine"}"# + "\n"
        let findings = try await drift(mock: edited, answer: #"{"id": 1}"#)
        #expect(findings.map(\.severity) == [.warning, .warning], "\(findings.map(\.message))")
    }

    /// JupyterHub's identity: a User or a Service. The made-up mock is the User; a Service's
    /// members, which the type declares, are another shape the schema allows, not drift.
    @Test func aMemberTheTypeDeclaresButTheMadeUpMockLacksIsInformation() async throws {
        let findings = try await drift(mock: Self.mock, answer: #"{"id": 1, "tag": "a", "note": "b", "prefix": "/s/"}"#)
        #expect(findings.map(\.severity) == [.info], "\(findings.map(\.message))")
        #expect(findings.first?.path == "$.prefix" && findings.first?.message.contains("one shape of those it allows") == true)
        let edited = #"{"id": 1, "tag": "mine", "note": "mine"}"# + "\n"
        let recorded = try await drift(mock: edited, answer: #"{"id": 1, "tag": "a", "note": "b", "prefix": "/s/"}"#)
        #expect(recorded.map(\.severity) == [.warning], "a recorded mock is judged as any other: \(recorded.map(\.message))")
    }
}
