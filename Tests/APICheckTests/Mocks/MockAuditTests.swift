import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

@Suite struct MockAuditTests {
    let shipped = RepositoryPaths.mocks

    /// A copy of the shipped mocks in a temporary folder, to break on purpose.
    func copyOfMocks() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-audit-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: shipped, to: folder)
        return folder
    }

    func findings(_ folder: URL) -> [Finding] {
        MockAudit(api: Demo.api, directory: folder).run().allFindings
    }

    @Test func shippedMocksAreClean() {
        let report = MockAudit(api: Demo.api, directory: shipped).run()
        #expect(report.allFindings == [])
        #expect(report.results.count == 11)
        #expect(report.verdict == .holds)
    }

    @Test func renamedFieldNamesEndpointFileAndPath() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home_timeline.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"screen_name\"", with: "\"screenName\"").write(to: file, atomically: true, encoding: .utf8)
        let found = findings(folder)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.endpoint == "statuses.homeTimeline")
        #expect(finding.kind == .decode)
        #expect(finding.path == "$.datas.statuses[0].user.screen_name")
        #expect(finding.expected == "String")
        #expect(finding.found == "absent")
        #expect(finding.file == file.path)
    }

    @Test(arguments: [
        ("status_show.json", "{\"code\": 200, \"msg\": ", "not-json", "$.msg"),
        ("status_show.json", #"{"status": 200, "msg": "success", "datas": null}"#, "envelope", "$.code"),
        ("status_show.json", #"{"code": "200", "msg": "success", "datas": null}"#, "envelope", "$.code"),
        ("status_show.json", #"{"code": 200, "msg": "success"}"#, "envelope", "$.datas"),
        ("status_show.json", "<html><body><h1>502 Bad Gateway</h1></body></html>", "not-json", "$"),
        ("status_show@logout.json", #"{"code": 200, "msg": "success", "datas": null}"#, "mock-scenario", nil),
        ("config_main.json", #"[{"clsName": "A", "title": "T", "imageName": 5, "visitorInfo": null}]"#, "decode", "$[0].imageName"),
    ])
    func brokenMockIsOneClearFinding(_ name: String, _ content: String, _ kind: String, _ path: String?) throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try content.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let found = findings(folder)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.kind.rawValue == kind)
        #expect(found.first?.path == path)
        #expect(found.first?.file?.hasSuffix(name) == true)
    }

    @Test func hundredThousandDeepMockIsAnErrorNotACrash() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try "{\"code\": 200, \"msg\": \"success\", \"datas\": \(deep)}".write(
            to: folder.appendingPathComponent("topics.json"), atomically: true, encoding: .utf8)
        let found = findings(folder)
        #expect(found.count == 1)
        #expect(found.first?.endpoint == "topics.list")
        #expect(found.first?.message.contains("nesting deeper than 512 levels") == true)
    }

    @Test func missingVariantAndOrphanAreReported() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("user_show@expired.json"))
        try "{}".write(to: folder.appendingPathComponent("old_feed.json"), atomically: true, encoding: .utf8)
        let found = findings(folder).map { "\($0.kind) \($0.endpoint ?? "-") \(URL(fileURLWithPath: $0.file ?? "").lastPathComponent)" }
        #expect(found.sorted() == ["missing-mock users.show user_show@expired.json", "orphan-mock - old_feed.json"])
    }

    /// A declaration's problem is its endpoint's: that endpoint is not counted ok beside it.
    @Test func anEndpointWhoseDeclarationNeedsFixingIsNotCountedOk() throws {
        var api = Demo.api
        api.endpoints.append(Endpoint<NoContent>(id: "things.show", .get, "things/{thing}", mock: "config_main", enveloped: false).erased)
        let report = MockAudit(api: api, directory: shipped).run()
        let result = try #require(report.results.first { $0.endpoint == "things.show" })
        #expect(result.findings.contains { $0.kind == .declaration })
        #expect(report.runFindings.isEmpty)
        #expect(report.summaryLine.hasPrefix("12 endpoints: 11 ok, 1 failed"), "\(report.summaryLine)")
    }

    @Test func brokenMockReplayedThroughTheClientIsAnError() async throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<html>502</html>".write(to: folder.appendingPathComponent("topics.json"), atomically: true, encoding: .utf8)
        let client = APIClient(api: Demo.api, transport: MockTransport(directory: folder, api: Demo.api))
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Demo.topics) }
        #expect(error?.reason.kind == .notJSON)
        #expect(error?.source?.hasSuffix("topics.json") == true)
    }
}
