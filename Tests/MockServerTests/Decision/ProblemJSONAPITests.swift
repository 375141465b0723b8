import APICheck
import Foundation
import MockServer
import Testing

/// An API whose errors are RFC 9457 problem+json: its failure scenarios pass the audit and are
/// served; serve's own refusals stay problem+json and the client reads them as the API's failures.
@Suite(.serialized) struct ProblemJSONAPITests {
    struct Order: Decodable, Sendable { var id: Int }

    static let order = Endpoint<Order>(
        id: "orders.create", .post, "orders", parameters: [.body("sku", .string, sample: .literal("A-1"))],
        mock: "order", successStatus: 201, scenarios: ["out_of_stock"])
    static let api = API(name: "store", envelope: .none, errors: .problemJSON, endpoints: [order])
    static let mocks = [
        "order.json": #"{"id": 9}"#,
        "order@out_of_stock.409.json":
            #"{"type": "https://store.example/out-of-stock", "title": "Out of stock", "status": 409, "detail": "A-1 is sold out"}"#,
    ]

    @Test func failuresAndRefusalsInProblemJSON() async throws {
        let folder = try TemporaryMocks(files: Self.mocks)
        defer { folder.remove() }
        #expect(MockAudit(api: Self.api, directory: folder.url).run().allFindings.map(\.message) == [])
        let harness = try ServeHarness(api: Self.api, mocks: folder.url)
        defer { harness.stop() }
        let client = harness.client()
        let made = try await client.exchange(Self.order.erased, ["sku": "A-1"])
        #expect(made.response.status == 201)

        let refused = try await harness.send(.post, "orders", headers: [("Prefer", "scenario=out_of_stock")], json: #"{"sku": "A-1"}"#)
        #expect(refused.status == 409)
        let rules = Self.api.rules(for: Self.order.erased)
        let redactor = Self.api.makeRedactor()
        #expect(
            Classification.of(status: 409, contentType: refused.contentType, body: refused.body, rules: rules, redactor: redactor).0
                == .failure(code: "https://store.example/out-of-stock", message: "A-1 is sold out"))

        let invalid = try await harness.send(.post, "orders", json: #"{}"#)
        #expect(invalid.status == 400)
        #expect(invalid.contentType == "application/problem+json")
        guard
            case let .failure(code, message) = Classification.of(
                status: 400, contentType: invalid.contentType, body: invalid.body,
                rules: rules, redactor: redactor
            ).0
        else {
            Issue.record("a refusal is no failure of the API's shape"); return
        }
        #expect(code == "about:blank")
        #expect(message.contains("orders.create"))
    }
}
