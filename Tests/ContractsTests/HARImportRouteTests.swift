import APICheck
import Contracts
import Foundation
import Testing

/// `import-har` routes a capture as `serve` does: a URL with a trailing slash is another route,
/// listed as undeclared and never written into the mock of the route without it.
@Suite struct HARImportRouteTests {
    static func entry(_ path: String, _ body: String) throws -> String {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: body, options: .fragmentsAllowed), as: UTF8.self)
        return #"{"request": {"method": "GET", "url": "http://staging.example.com/Api/\#(path)?access_token=tok-123456"}, "#
            + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": \#(text)}}}"#
    }

    @Test func aTrailingSlashIsAnUndeclaredRouteAndNothingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-route-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try #require(MockTransport.locateMocks()), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: folder.appendingPathComponent("topics.json"))
        let capture =
            #"{"log": {"version": "1.2", "entries": ["#
            + (try Self.entry("topics/", #"{"code": 200, "msg": "success", "datas": []}"#)) + ", "
            + (try Self.entry("statuses/4130540976425200/", #"{"code": 200, "msg": "success", "datas": null}"#)) + "]}}"

        let result = HARImport(api: Demo.api, directory: folder).run(try HARArchive(data: Data(capture.utf8)))

        #expect(result.files.isEmpty, "\(result.files.map(\.file))")
        #expect(result.unmatched.counts.map(\.label) == ["GET /Api/topics/", "GET /Api/statuses/4130540976425200/"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("topics.json")) == before)
    }
}
