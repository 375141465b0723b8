@testable import APICheck
import Foundation
import Testing

/// An endpoint whose declared answer is a redirect (Airflow's `GET /api/v2/auth/login`, a 307 to
/// the web UI's login page) is recorded as what a replay needs: its status, pinned in the file's
/// name, and its `Location` (`login.307.json`, `{"Location": "/auth/login"}`), secrets replaced.
/// The mock audit takes it, and the mock transport answers it as the server does.
@Suite struct RedirectRecordTests {
    static let login = Endpoint<JSONValue>(id: "login", .get, "api/v2/auth/login", mock: "login", enveloped: false)
        .alsoSucceeding(with: 307)
    static let api = API(name: "t", envelope: .none, endpoints: [login])

    /// Redirects to the login page, with the account's password in the link, as a careless
    /// server might.
    struct Redirecting: Transport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 307, headers: [("Location", "/auth/login?hint=pw-0123456789")], url: request.url)
        }
    }

    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-redirect-\(UUID().uuidString)")
    }

    @Test func aDeclaredRedirectIsRecordedWithItsLocationAndReplayed() async throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = await MockRecorder(
            api: Self.api, transport: Redirecting(),
            options: LiveOptions(
                baseURL: URL(string: "http://api.invalid/")!, environment: ["APICHECK_PASSWORD": "pw-0123456789"], probes: false),
            directory: folder
        ).run()
        #expect(recording.notRecorded.map(\.message) == [])
        let written = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("login.307.json")))
        #expect(written["Location"]?.stringValue?.hasPrefix("/auth/login?hint=") == true, "\(written.compactText)")
        #expect(written["Location"]?.stringValue?.contains("pw-0123456789") == false, "\(written.compactText)")

        let mocks = MockDirectory(folder, api: Self.api)
        #expect(MockAudit(mocks: mocks).run().allFindings.filter { $0.severity == .error }.map(\.message) == [])
        let replayed = try await MockTransport(mocks: mocks).send(
            HTTPRequest(method: .get, url: URL(string: "http://api.invalid/api/v2/auth/login")!, endpointID: "login"))
        #expect(replayed.status == 307)
        #expect(replayed.header("Location") == written["Location"]?.stringValue)
        #expect(replayed.body.isEmpty)
    }

    /// A redirect's mock without its `Location` is no answer a client can follow.
    @Test func aRedirectMockWithoutItsLocationIsAFinding() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("login.307.json"))
        let findings = MockAudit(mocks: MockDirectory(folder, api: Self.api)).run().allFindings.filter { $0.severity == .error }
        #expect(
            findings.map(\.message) == [
                "login.307.json is the redirect login declares: it holds the answer's Location, {\"Location\":\"/next\"}"
            ])
    }
}
