@testable import APICheck
import Foundation
import Testing

/// A success answer offered as JSON and as other types: a server that negotiates answers
/// libcurl's `Accept: */*` with its first type (Airflow's config and DAG sources: text), so the
/// declared JSON one is asked for by name.
@Suite struct NegotiatedAnswerTests {
    @Test func theJSONTypeIsAskedForWhenOthersAreOffered() throws {
        let fixture = try ImportFixture(
            paths: """
                "/config": {"get": {"operationId": "getConfig",
                  "responses": {"200": {"description": "ok", "content": {
                    "text/plain": {"schema": {"type": "string"}},
                    "application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}},
                "/plain": {"get": {"operationId": "getPlain",
                  "responses": {"200": {"description": "ok", "content": {
                    "application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".header("Accept", sample: .literal("application/json"))"#), "\(group)")
        #expect(group.components(separatedBy: #".header("Accept""#).count == 2, "\(group)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1config/get/responses/200/content: the answer is offered as text/plain too: "
                    + "declared application/json, asked for with Accept"), "\(fixture.notes)")
    }

    /// A document naming one JSON type of its own (GeoJSON) declares it: `serve` answers in it and
    /// a success in another type is said; `application/json` alone, or a type not JSON, asks nothing.
    @Test func aSingleJSONTypeOfItsOwnIsDeclared() throws {
        let fixture = try ImportFixture(
            paths: """
                "/items": {"get": {"operationId": "getItems",
                  "responses": {"200": {"description": "ok", "content": {
                    "application/geo+json": {"schema": {"type": "object", "properties": {"type": {"type": "string"}}}}}}}}},
                "/plain": {"get": {"operationId": "getPlain",
                  "responses": {"200": {"description": "ok", "content": {
                    "application/json; charset=utf-8": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}},
                "/lines": {"get": {"operationId": "getLines",
                  "responses": {"200": {"description": "ok", "content": {
                    "application/x-ndjson": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".header("Accept", sample: .literal("application/geo+json"))"#), "\(group)")
        #expect(group.components(separatedBy: #".header("Accept""#).count == 2, "\(group)")
        #expect(!fixture.notes.contains { $0.contains("asked for with Accept") }, "\(fixture.notes)")
    }

    /// The declaration the import writes, run: the server answers text unless asked for JSON.
    @Test func liveAsksForTheJSONType() async {
        struct Negotiating: Transport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                guard request.header("Accept") == "application/json" else {
                    return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data("[core]\n".utf8))
                }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"a": "x"}"#.utf8))
            }
        }
        struct Config: Decodable, Sendable { var a: String }
        let api = API(
            name: "negotiating", envelope: .none,
            endpoints: [
                Endpoint<Config>(
                    id: "getConfig", .get, "config", parameters: [.header("Accept", sample: .literal("application/json"))],
                    mock: "getConfig")
            ])
        let report = await LiveCheck(
            api: api, transport: Negotiating(), options: LiveOptions(baseURL: URL(string: "http://negotiating.invalid/")!)
        ).run()
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
    }
}
