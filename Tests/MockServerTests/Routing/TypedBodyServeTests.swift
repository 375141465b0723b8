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
        let missing = try await harness.send(
            .post, "login",
            json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user"}, "password": "hunter2"}"#)
        #expect(missing.status == 400)
        let refusal = try ServeHarness.json(missing)
        #expect(refusal["errcode"] == .string("invalid_request"))
        #expect(refusal["error"] == .string("auth.login: $.identifier.user (body): expected String, found absent"))
        let wrongType = try await harness.send(
            .post, "login",
            json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": 12345}"#)
        #expect(wrongType.status == 400)
        #expect(try ServeHarness.json(wrongType)["error"] == .string("auth.login: $.password (body): expected String, found Int"))
        #expect(!String(decoding: wrongType.body, as: UTF8.self).contains("12345"))

        let fits = try await harness.send(
            .post, "login",
            json: #"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": "x"}"#)
        #expect(fits.status == 200)
    }

    @Test func aFormBodyIsReadByItsTypeAndItsListStyle() async throws {
        let harness = try ServeHarness(api: Relay.api, mocks: Relay.mocks)
        defer { harness.stop() }
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        func post(_ text: String) async throws -> HTTPResponse {
            let url = URL(string: "api/v1/series", relativeTo: harness.server.baseURL)!.absoluteURL
            return try await harness.transport.send(
                HTTPRequest(
                    method: .post, url: url, headers: form.map { (name: $0.0, value: $0.1) },
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

    struct NewEvent: Codable, Sendable {
        var title: String
        var starts: Date
    }

    struct Created: Decodable, Sendable { var id: Int }

    static let create = Endpoint<Created>(id: "events.create", .post, "events", mock: "created", body: .json(NewEvent.self))
    static let createForm = Endpoint<Created>(
        id: "events.createForm", .post, "events/form", mock: "created_form", body: .form(NewEvent.self))

    /// A body's dates are read as the API declares them, as JSON and as a form: what the client
    /// sends passes, a date written another way is refused at its JSONPath.
    @Test(arguments: [DateDecoding.iso8601, .secondsSince1970])
    func aBodysDatesAreReadAsTheAPIWritesThem(_ dates: DateDecoding) async throws {
        let mocks = try TemporaryMocks(files: ["created.json": #"{"id": 1}"#, "created_form.json": #"{"id": 1}"#])
        defer { mocks.remove() }
        let api = API(name: "agenda", envelope: .none, dates: dates, endpoints: [Self.create, Self.createForm])
        let harness = try ServeHarness(api: api, mocks: mocks.url)
        defer { harness.stop() }
        let event = NewEvent(title: "stand-up", starts: Date(timeIntervalSince1970: 1_793_527_200))
        #expect(try await harness.client().send(Self.create, body: event).id == 1)
        #expect(try await harness.client().send(Self.createForm, body: event).id == 1)
        let other = dates == .iso8601 ? "815220000" : #""2026-11-01T10:00:00Z""#
        let refused = try await harness.send(.post, "events", json: #"{"title": "stand-up", "starts": \#(other)}"#)
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("events.create: $.starts (body): expected Date"))
    }
}
