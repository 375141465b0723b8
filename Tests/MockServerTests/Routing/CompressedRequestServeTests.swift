import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// An app that gzips its uploads gets from `serve` what the real server would give it: the body
/// is validated and served as the JSON it carries; a coding serve does not read is a 415 that
/// names the ones it does, a body that does not decode a 400, one that decodes past the body
/// cap a 413.
@Suite struct CompressedRequestServeTests {
    func login(_ harness: ServeHarness, coding: String, body: Data) async throws -> HTTPResponse {
        try await harness.transport.send(
            HTTPRequest(
                method: .post, url: harness.server.baseURL.appendingPathComponent("Account/login"),
                headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)], body: body))
    }

    @Test func aGzippedBodyIsValidatedAndServedAsTheJSONItCarries() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let answer = try await login(
            harness, coding: "gzip", body: try Data(#"{"account": "demo", "password": "pw"}"#.utf8).gzipped())
        #expect(answer.status == 200)
        #expect(answer.header("X-Apicheck-Scenario") == "success")
        #expect(try JSONParser.parse(answer.body)["datas"]?["utoken"]?.stringValue?.isEmpty == false)

        let missing = try await login(harness, coding: "gzip", body: try Data(#"{"account": "demo"}"#.utf8).gzipped())
        #expect(missing.status == 400)
        guard case let .array(problems)? = try JSONParser.parse(missing.body)["invalid-params"] else {
            Issue.record("no invalid-params in \(String(decoding: missing.body, as: UTF8.self))")
            return
        }
        #expect(problems.compactMap { $0["name"]?.stringValue } == ["password"])
    }

    @Test func aCodingServeDoesNotReadIsRefusedNamingTheOnesItDoes() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let answer = try await login(harness, coding: "compress", body: Data("lzw bytes".utf8))
        #expect(answer.status == 415)
        #expect(answer.header("Accept-Encoding") == "gzip, deflate, br, zstd")
        #expect(try JSONParser.parse(answer.body)["detail"]?.stringValue?.contains("Content-Encoding compress") == true)
    }

    @Test func aBodyThatDoesNotInflateOrInflatesPastTheCapIsRefused() async throws {
        var options = MockServerOptions()
        options.configuration.maxRequestBody = 64 << 10
        let harness = try ServeHarness(options: options)
        defer { harness.stop() }
        let broken = try await login(harness, coding: "gzip", body: Data("not gzip at all".utf8))
        #expect(broken.status == 400)
        #expect(try JSONParser.parse(broken.body)["detail"]?.stringValue?.contains("does not decode") == true)

        // A few hundred bytes on the wire, a mebibyte inflated: refused, not inflated whole.
        let bomb = try Data(count: 1 << 20).gzipped()
        #expect(bomb.count < 64 << 10)
        let tooLarge = try await login(harness, coding: "gzip", body: bomb)
        #expect(tooLarge.status == 413)
    }
}
