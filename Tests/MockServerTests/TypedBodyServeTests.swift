import APICheck
import Foundation
import MockServer
import RelayExample
import Testing

/// `serve` decodes a typed request body into its type, as JSON or as a form, and refuses one that
/// does not fit in the API's own error shape, naming the JSONPath of the fault and never a
/// secret's value.
@Suite(.serialized) struct TypedBodyServeTests {
    @Test func aNestedBodyMissingAFieldIsRefusedWithItsJSONPath() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let missing = try await harness.send(.post, "login",
                                             json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user"}, "password": "hunter2"}"#)
        #expect(missing.status == 400)
        let refusal = try ServeHarness.json(missing)
        #expect(refusal["errcode"] == .string("invalid_request"))
        #expect(refusal["error"] == .string("auth.login: $.identifier.user (body): expected String, found absent"))
        let wrongType = try await harness.send(.post, "login",
                                               json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": 12345}"#)
        #expect(wrongType.status == 400)
        #expect(try ServeHarness.json(wrongType)["error"] == .string("auth.login: $.password (body): expected String, found Int"))
        #expect(!String(decoding: wrongType.body, as: UTF8.self).contains("12345"))

        let fits = try await harness.send(.post, "login",
                                          json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": "x"}"#)
        #expect(fits.status == 200)
    }

    @Test func aFormBodyIsReadByItsTypeAndItsListStyle() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        func post(_ text: String) async throws -> HTTPResponse {
            let url = URL(string: "api/v1/series", relativeTo: harness.server.baseURL)!.absoluteURL
            return try await harness.transport.send(HTTPRequest(method: .post, url: url, headers: form.map { (name: $0.0, value: $0.1) },
                                                                body: Data(text.utf8)))
        }
        #expect(try await post("match%5B%5D=up&match%5B%5D=relay_messages_total&limit=10").status == 200)
        let bad = try await post("match%5B%5D=up&limit=ten")
        #expect(bad.status == 400)
        #expect(try ServeHarness.json(bad)["error"] == .string("metrics.series: $.limit (body): expected Int, found String"))
        let none = try await post("limit=1")
        #expect(try ServeHarness.json(none)["error"] == .string("metrics.series: $.match (body): expected Array<String>, found absent"))

        // What the client sends for the declaration passes.
        let exchange = try await harness.client().exchange(Relay.series.erased)
        #expect(exchange.response.status == 200)
    }
}
