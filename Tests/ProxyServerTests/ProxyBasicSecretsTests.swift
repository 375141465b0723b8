import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A client of a Basic-auth API may send its password, or its encoded credentials, where no
/// credential belongs (a parameter the app fills wrongly). The proxy's findings quote what a
/// request sent, and keep the exchange: neither holds the password, the account and password,
/// or their base64, in any of its outputs.
@Suite struct ProxyBasicSecretsTests {
    struct Items: Decodable, Sendable { var items: [Int] }
    static let list = Endpoint<Items>(
        id: "items.list", .get, "items", parameters: [.query("limit", .int), .query("note", .int)], mock: "items", auth: .token)
    static let api = API(
        name: "t", envelope: .none,
        auth: .basic(accountVariable: "T_USER", passwordVariable: "T_PASSWORD", missingToken: .deadToken), endpoints: [list])

    @Test func thePasswordIsInNoFindingNorKeptExchange() async throws {
        let upstream = try TestServer { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"items": [1]}"#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"))
        defer { harness.stop() }
        let password = "S3cretPass!xyz"
        let encoded = Data("trialuser:\(password)".utf8).base64EncodedString()
        let query =
            "limit=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&note=\(encoded.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        _ = try await harness.send("/items?" + query, headers: [("Authorization", "Basic \(encoded)")])
        await harness.settled(1)
        let findings = harness.findings
        #expect(findings.contains { $0.finding.kind == .invalidRequest }, "\(findings.map(\.finding.message))")
        let shown = findings.map { $0.json.compactText }.joined(separator: "\n")
        for secret in [password, encoded, "trialuser:\(password)"] { #expect(!shown.contains(secret), "\(secret) in \(shown)") }
    }
}
