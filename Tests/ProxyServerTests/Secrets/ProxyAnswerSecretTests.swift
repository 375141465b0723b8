import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// The values an answer holds at its endpoint's secret paths (`redacting(_:)`) never reach what
/// the proxy keeps or prints, whatever their members are named: a secret's stored values sit
/// under names its owner chose, which no secret field name covers.
@Suite struct ProxyAnswerSecretTests {
    struct StoredSecret: Codable, Sendable {
        var name: Int
        var values: [String: String]
    }

    static let api = API(
        name: "vault", envelope: .none,
        endpoints: [
            Endpoint<StoredSecret>(id: "secrets.get", .get, "secrets/{id}", parameters: [.path("id", .string)], mock: "secret")
                .redacting("$.values.*").erased
        ])

    @Test(arguments: ProxyEngine.allCases) func anAnswersSecretValuesAreMaskedInTheKeptExchange(engine: ProxyEngine) async throws {
        // `name` is text where an Int is declared: a finding, which keeps the exchange.
        let answer = #"{"name": "db", "values": {"user": "stored-user-7781", "pin": "42"}}"#
        let upstream = try TestServer { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(answer.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"), engine: engine)
        defer { harness.stop() }
        // The client repeats the stored value in its query, as an app that echoes it would.
        let response = try await harness.send("/secrets/db?echo=stored-user-7781")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == answer, "the answer passes through as sent")
        await harness.settled(1)
        let finding = try #require(harness.findings.first { $0.finding.path == "$.name" })
        let kept = try #require(finding.exchange)
        let body = try #require(kept.responseBody)
        #expect(!body.contains("stored-user-7781") && !body.contains("42"), "\(body)")
        #expect(body.contains(#""user":"\#(Redactor.mask)""#), "\(body)")
        #expect(!kept.path.contains("stored-user-7781"), "\(kept.path)")
        #expect(!"\(harness.findings)".contains("stored-user-7781"))
    }
}
