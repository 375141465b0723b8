@testable import APICheck
import Foundation
import Testing

/// A Basic API whose refusal is an HTML page (MLflow's 401 "You are not authenticated"), its
/// dead-credentials answer declared by status alone: `record` writes each `@expired` mock as the
/// empty body, and `mocks` takes it; before, no such mock could be recorded and `mocks` demanded
/// one on every endpoint, so only a made-up JSON body the server never sends got a package through.
@Suite struct HTMLRefusalRecordTests {
    struct Experiments: Codable, Sendable { var experiments: [String] }

    static let search = Endpoint<Experiments>(id: "experiments.search", .get, "experiments/search", mock: "search", auth: .token)
    static let create = Endpoint<JSONValue>(id: "experiments.create", .post, "experiments/create", mock: "create", auth: .token)

    static func api(expired: [AnswerSignal]) -> API {
        API(
            name: "tracking", envelope: .none, errors: ErrorShape(code: "$.error_code", message: "$.message"),
            expired: expired, auth: .basic(accountVariable: "ML_USER", passwordVariable: "ML_PASSWORD"),
            endpoints: [search, create])
    }

    /// Answers the right password with JSON and anything else with an HTML 401.
    struct HTMLRefusingServer: Transport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard AuthPolicy.Placement.basic.token(in: request) == AuthPolicy.basicCredentials(account: "ada", password: "pw-77")
            else {
                return HTTPResponse(
                    status: 401, headers: [("Content-Type", "text/html; charset=utf-8")],
                    body: Data("You are not authenticated. Please see the docs.".utf8))
            }
            let body = request.method == .get ? #"{"experiments": ["a"]}"# : #"{"experiment_id": "1"}"#
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    func record(_ api: API, into folder: URL) async -> MockRecording {
        await MockRecorder(
            api: api, transport: HTMLRefusingServer(),
            options: LiveOptions(
                baseURL: URL(string: "http://tracking.invalid/")!, environment: ["ML_USER": "ada", "ML_PASSWORD": "pw-77"]),
            directory: folder, force: false
        ).run()
    }

    @Test func anHTMLRefusalToldByStatusIsRecordedEmptyAndPassesTheAudit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-html401-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = Self.api(expired: [.status(401)])
        let recording = await record(api, into: folder)
        #expect(recording.notRecorded.map(\.message) == [])
        for name in ["search@expired.json", "create@expired.json"] {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(data.isEmpty, "\(name): \(String(decoding: data, as: UTF8.self))")
        }
        let audit = MockAudit(mocks: MockDirectory(folder, api: api)).run()
        #expect(audit.allFindings.filter { $0.severity == .error }.map(\.message) == [])
    }

    /// A dead-token answer declared by its code needs the code shown: an empty mock is no JSON.
    @Test func aRefusalToldByItsCodeStillNeedsItsBody() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-html401-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = Self.api(expired: [.status(401, code: "UNAUTHENTICATED")])
        #expect(!api.isToldByStatus(ScenarioName.expired, of: Self.search.erased))
        #expect(Self.api(expired: [.status(401)]).isToldByStatus(ScenarioName.expired, of: Self.search.erased))
        #expect(!Self.api(expired: [.status(401)]).isToldByStatus(ScenarioName.logout, of: Self.search.erased))
        let recording = await record(api, into: folder)
        #expect(!recording.notRecorded.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("search@expired.json").path))
        try Data().write(to: folder.appendingPathComponent("search@expired.json"))
        let audit = MockAudit(mocks: MockDirectory(folder, api: api)).run()
        #expect(audit.allFindings.contains { $0.file?.hasSuffix("search@expired.json") == true && $0.severity == .error })
    }
}
