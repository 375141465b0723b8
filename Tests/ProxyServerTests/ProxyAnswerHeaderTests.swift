import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A success the app gets without a header its endpoint declares the app reads
/// (`answering(headers:)`) is found through the proxy as `live` finds it, answer by answer:
/// the same body with and without the header is one memo entry, two verdicts.
@Suite struct ProxyAnswerHeaderTests {
    @Test func aSuccessWithoutADeclaredHeaderIsFound() async throws {
        struct Pet: Decodable, Sendable { var id: Int }
        let pets = Endpoint<[Pet]>(id: "pets.list", .get, "pets", mock: "pets", enveloped: false).answering(headers: "X-Total-Count")
        let upstream = try TestServer { request in
            let counted = request.rawQuery == "counted"
            return ServerResponse(
                status: 200, headers: [("Content-Type", "application/json")] + (counted ? [("X-Total-Count", "1")] : []),
                body: Data(#"[{"id": 1}]"#.utf8))
        }
        defer { upstream.stop() }
        let api = API(name: "t", envelope: .none, endpoints: [pets])
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/"))
        defer { harness.stop() }
        for path in ["/pets?counted", "/pets", "/pets?counted"] {
            let answer = try await harness.send(.get, path)
            #expect(answer.status == 200)
        }
        await harness.settled(3)
        let found = harness.findings.map(\.finding).filter { $0.kind == .answerHeader }
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.expected == "X-Total-Count" && found.first?.endpoint == "pets.list")
    }
}
