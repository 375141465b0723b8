import APICheck
import Foundation
import TestSupport
import Testing

/// `apicheck openapi` through the tool's entry point.
@Suite struct OpenAPICommandTests {
    @Test func writesTheDocumentToStdout() async throws {
        let result = await LiveHarness.cli(["openapi"])
        #expect(result.code == 0)
        let document = try JSONParser.parse(Data(result.out.utf8))
        #expect(document["openapi"] == .string("3.1.0"))
        #expect(document["paths"]?["/statuses/{id}"]?["get"]?["operationId"] == .string("statuses.show"))
        // The mocks folder was found: examples are there.
        #expect(
            document["paths"]?["/topics"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["examples"]?["success"] != nil)
    }

    @Test func writesTheFileWithTheServersGiven() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await LiveHarness.cli(["openapi", "--output", file.path, "--server", "https://api.example.com/Api/"])
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        let document = try JSONParser.parse(try Data(contentsOf: file))
        #expect(document["servers"] == .array([.object([("url", .string("https://api.example.com/Api"))])]))
    }

    @Test func aServerThatIsNotAURLIsAUsageError() async {
        let result = await LiveHarness.cli(["openapi", "--server", "staging"])
        #expect(result.code == 2)
        #expect(result.err.contains("--server 'staging' is not an http or https URL"))
    }
}

/// `--report html:FILE` through the command line.
@Suite struct HTMLReportOptionTests {
    @Test func mocksWritesAnHTMLReport() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await LiveHarness.cli(["mocks", "--report", "html:" + file.path])
        #expect(result.code == 0)
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<span class=\"verdict\">PASS</span>"))
        #expect(page.contains("statuses.homeTimeline"))
    }

    @Test func unknownFormatNamesHTML() async {
        let result = await LiveHarness.cli(["mocks", "--report", "pdf"])
        #expect(result.code == 2)
        #expect(result.err.contains("expected one of: text, json, junit, github, html"))
    }
}
