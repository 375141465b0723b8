import APICheck
import Foundation
import Testing

/// A mock that does not decode (a document's example that breaks its own schema) tells nothing
/// of the fields past its failure: what the decode type reads comes from the type itself then,
/// so drift neither calls a field the type reads "not read", nor a required field's null a
/// warning.
@Suite struct UndecodedMockReadsTests {
    struct User: Decodable, Sendable { var avatar: String }
    struct Project: Decodable, Sendable {
        var createdBy: User
        var state: String
        var suitable: Bool?
        enum CodingKeys: String, CodingKey {
            case createdBy = "created_by"
            case state, suitable
        }
    }

    static let show = Endpoint<Project>(id: "projects.show", .get, "projects/1", mock: "project")
    static let api = API(name: "projects", envelope: .none, endpoints: [show])

    struct Fixed: Transport {
        let body: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    @Test func whatTheTypeReadsIsKnownPastTheMocksFailure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("undecoded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"created_by": {"avatar": null}, "state": "open"}"#.write(
            to: folder.appendingPathComponent("project.json"), atomically: true, encoding: .utf8)
        let report = await LiveCheck(
            api: Self.api, transport: Fixed(body: #"{"created_by": {"avatar": null}, "state": null, "suitable": true}"#),
            options: LiveOptions(baseURL: URL(string: "http://projects.invalid/")!, mocksDirectory: folder, probes: false)
        ).run()
        let findings = report.endpointResults.first?.findings ?? []
        #expect(!findings.contains { $0.message.contains("not read by the decode type") }, "\(findings.map(\.message))")
        #expect(!findings.contains { $0.message.contains("not in the mock or the decode type") }, "\(findings.map(\.message))")
        let state = findings.first { $0.path == "$.state" && $0.kind != .decode }
        #expect(state?.severity == .error, "\(findings.map { "\($0.severity) \($0.kind) \($0.path ?? "") \($0.message)" })")
    }

    struct Labelled: Decodable, Sendable {
        var id: Int
        var config: [String: JSONValue]
        var state: String
        var count: Int
    }

    /// The answer holds what the type reads where the mock holds something else (a document's
    /// example with the config as a string): the mock is stale, not the answer wrong. A required
    /// field the mock lacks, null live, is an error as it is where the mock has it.
    @Test func aStaleMockIsNoAnswerErrorAndARequiredNullIsOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"id": 1, "config": "{\"tag\": 1}", "count": "3"}"#.write(
            to: folder.appendingPathComponent("labelled.json"), atomically: true, encoding: .utf8)
        let endpoint = Endpoint<Labelled>(id: "labelled", .get, "labelled", mock: "labelled")
        let report = await LiveCheck(
            api: API(name: "labelled", envelope: .none, endpoints: [endpoint]),
            // The answer's decode stops at its first field: what follows is drift's to judge.
            transport: Fixed(body: #"{"id": "one", "config": {"tag": 1}, "count": 3, "state": null}"#),
            options: LiveOptions(baseURL: URL(string: "http://labelled.invalid/")!, mocksDirectory: folder, probes: false)
        ).run()
        let findings = report.endpointResults.first?.findings ?? []
        let shown = findings.map { "\($0.severity) \($0.kind) \($0.path ?? "") \($0.message)" }
        #expect(findings.first { $0.path == "$.config" }?.severity == .warning, "\(shown)")
        #expect(findings.first { $0.path == "$.config" }?.message.contains("the mock is stale") == true, "\(shown)")
        #expect(findings.first { $0.path == "$.count" }?.severity == .warning, "\(shown)")
        #expect(findings.first { $0.path == "$.state" && $0.kind != .decode }?.severity == .error, "\(shown)")
    }
}
