import APICheck
import Foundation
import MockServer
import Testing

/// The headers an app reads beside a mock's body (`answering(headers:)`, `mocks/.headers/`) go out
/// with every answer serve makes from that mock: the first, a remembered one, a scenario's.
@Suite struct AnswerHeaderServeTests {
    struct Pet: Decodable, Sendable { var id: Int }
    static let pets = Endpoint<[Pet]>(id: "pets.list", .get, "pets", mock: "pets", enveloped: false, scenarios: ["busy"])
        .answering(headers: "X-Total-Count")
    static let api = API(name: "shop", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.detail"), endpoints: [pets])

    @Test func everyAnswerFromTheMockCarriesItsHeaders() async throws {
        let mocks = try TemporaryMocks(files: [
            "pets.json": #"[{"id": 1}]"#, "pets@busy.429.json": #"{"code": "busy", "detail": "slow down"}"#,
        ])
        defer { mocks.remove() }
        let headers = mocks.url.appendingPathComponent(".headers")
        try FileManager.default.createDirectory(at: headers, withIntermediateDirectories: true)
        try Data(#"{"X-Total-Count": "41", "ETag": "\"v7\""}"#.utf8).write(to: headers.appendingPathComponent("pets.json"))
        try Data(#"{"Retry-After": "3"}"#.utf8).write(to: headers.appendingPathComponent("pets@busy.429.json"))
        let audit = MockAudit(api: Self.api, directory: mocks.url).run().allFindings.filter { $0.severity == .error }
        #expect(audit.map(\.message) == [])
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let url = URL(string: "pets", relativeTo: harness.server.baseURL)!.absoluteURL
        for _ in 0..<2 {
            let answer = try await harness.transport.send(HTTPRequest(method: .get, url: url))
            #expect(answer.status == 200)
            #expect(answer.header("X-Total-Count") == "41", "\(answer.headers)")
            #expect(answer.header("ETag") == "\"v7\"")
            #expect(answer.header("Retry-After") == nil)
        }
        let busy = try await harness.transport.send(HTTPRequest(method: .get, url: url, headers: [("Prefer", "scenario=busy")]))
        #expect(busy.status == 429)
        #expect(busy.header("Retry-After") == "3", "\(busy.headers)")
        #expect(busy.header("X-Total-Count") == nil)
    }

    /// A file of headers edited, added or removed while serve runs is read again with its mock,
    /// through the same checks: a broken one, or a success left without a declared header, keeps
    /// the last good answer.
    @Test(.timeLimit(.minutes(1))) func anEditedFileOfHeadersIsServedAfterTheSameChecks() async throws {
        let mocks = try TemporaryMocks(files: [
            "pets.json": #"[{"id": 1}]"#, "pets@busy.429.json": #"{"code": "busy", "detail": "slow down"}"#,
        ])
        defer { mocks.remove() }
        let headers = mocks.url.appendingPathComponent(".headers")
        try FileManager.default.createDirectory(at: headers, withIntermediateDirectories: true)
        let success = headers.appendingPathComponent("pets.json")
        try Data(#"{"X-Total-Count": "41"}"#.utf8).write(to: success)
        var options = MockServerOptions()
        options.reloadInterval = 0
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        let url = URL(string: "pets", relativeTo: harness.server.baseURL)!.absoluteURL
        func header(_ name: String, scenario: String? = nil) async throws -> String? {
            let prefer = scenario.map { [("Prefer", "scenario=\($0)")] } ?? []
            return try await harness.transport.send(HTTPRequest(method: .get, url: url, headers: prefer)).header(name)
        }
        #expect(try await header("X-Total-Count") == "41")

        try Data(#"{"X-Total-Count": "42"}"#.utf8).write(to: success)
        #expect(try await header("X-Total-Count") == "42")

        try Data(#"{"X-Total-Count": "43\r\nSet-Cookie: a=b"}"#.utf8).write(to: success)
        #expect(try await header("X-Total-Count") == "42")
        try Data(#"{"ETag": "\"v1\""}"#.utf8).write(to: success)
        #expect(try await header("X-Total-Count") == "42")
        try FileManager.default.removeItem(at: success)
        #expect(try await header("X-Total-Count") == "42")

        #expect(try await header("Retry-After", scenario: "busy") == nil)
        try Data(#"{"Retry-After": "9"}"#.utf8).write(to: headers.appendingPathComponent("pets@busy.429.json"))
        #expect(try await header("Retry-After", scenario: "busy") == "9")

        let log = harness.log.all.filter { $0.hasPrefix("the headers of mock pets.json changed on disk") }
        #expect(log.count == 4, "\(log)")
        #expect(log.first?.hasSuffix("serving the new answer") == true)
        #expect(log.dropFirst().allSatisfy { $0.contains("fails the audit") && $0.hasSuffix("serving the last good answer") })
    }
}
