import APICheck
import Foundation
import Testing

/// An answer the document allows to be null (`anyOf: [X, null]`, a Swift `X?`) that is null
/// live decodes: the type takes null there, so it is information, as an optional member that is
/// null live is, and `--strict` passes a correct server. A required member null fails the decode
/// and stays an error.
@Suite struct NullAnswerDriftTests {
    struct Stack: Decodable, Sendable {
        var id: Int
        var name: String
    }

    struct Fixed: Transport {
        let body: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    func findings(_ endpoint: AnyEndpoint, answer: String) async throws -> (findings: [Finding], verdict: Verdict) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("null-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"id": 1, "name": "a"}"#.write(to: folder.appendingPathComponent("stack.json"), atomically: true, encoding: .utf8)
        let report = await LiveCheck(
            api: API(name: "stacks", envelope: .none, endpoints: [endpoint]), transport: Fixed(body: answer),
            options: LiveOptions(baseURL: URL(string: "http://stacks.invalid/")!, strict: true, mocksDirectory: folder, probes: false)
        ).run()
        return (report.endpointResults.first?.findings ?? [], report.verdict)
    }

    @Test func aNullAnswerTheTypeTakesIsInformation() async throws {
        let optional = Endpoint<Stack?>(id: "stack", .get, "stack", mock: "stack").erased
        let (found, verdict) = try await findings(optional, answer: "null")
        #expect(found.map(\.kind) == [.driftNull] && found.map(\.severity) == [.info], "\(found.map(\.message))")
        #expect(found.first?.message == "allowed: the decode type takes null here (the answer decoded)")
        #expect(verdict == .holds)
    }

    @Test func aRequiredMemberNullIsStillAnError() async throws {
        let plain = Endpoint<Stack>(id: "stack", .get, "stack", mock: "stack").erased
        let (found, verdict) = try await findings(plain, answer: #"{"id": 1, "name": null}"#)
        #expect(found.contains { $0.severity == .error }, "\(found.map(\.message))")
        #expect(verdict == .violated)
    }
}
