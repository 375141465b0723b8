import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// A parameter that takes only some values (an OpenAPI `enum`): `serve` and `proxy` find any
/// other, a list's items each, and `apicheck openapi` writes them as the parameter's `enum`.
@Suite struct AllowedValuesTests {
    struct Items: Decodable, Sendable { var count: Int }

    static let search = Endpoint<Items>(
        id: "items.search", .get, "items",
        parameters: [
            Parameter.query("f", .string).allowing(["json", "html"]),
            Parameter.queryList("kinds", .string, .commaSeparated).allowing(["lake", "river"]),
            Parameter.query("depth", .int).allowing(["1", "2"]),
            Parameter.header("X-Mode", required: true).allowing(["fast"]),
        ],
        mock: "items", enveloped: false)

    func problems(_ query: [(name: String, value: String)], mode: String = "fast") -> [String] {
        let request = ServerRequest(method: "GET", path: "/items", query: query, headers: [("X-Mode", mode)])
        return RequestValidator(endpoint: Self.search.erased, dates: .deferredToDate).validate(request, pathValues: []).problems.map(\.text)
    }

    @Test func aValueTheParameterDoesNotTakeIsFound() {
        #expect(problems([("f", "json"), ("kinds", "lake,river"), ("depth", "2")]) == [])
        #expect(problems([("f", "xml")]) == [#"f (query): expects one of "json", "html", got "xml""#])
        #expect(problems([("kinds", "lake,sea")]) == [#"kinds[1] (query): expects one of "lake", "river", got "sea""#])
        #expect(problems([], mode: "slow") == [#"X-Mode (header): expects one of "fast", got "slow""#])
        // The type is checked first: a value of another type is said as such, not as one not listed.
        #expect(problems([("depth", "deep")]) == [#"depth (query): expects Int, got String "deep""#])
        #expect(problems([("depth", "3")]) == [#"depth (query): expects one of "1", "2", got "3""#])
    }

    @Test func theExportListsTheValuesInTheirType() throws {
        let api = API(name: "items", envelope: .none, endpoints: [Self.search])
        let document = try OpenAPIDocument(api: api, mocks: nil).build().document
        guard case let .array(parameters)? = document["paths"]?["/items"]?["get"]?["parameters"] else {
            Issue.record("no parameters in \(document)")
            return
        }
        func schema(_ name: String) -> JSONValue? { parameters.first { $0["name"]?.stringValue == name }?["schema"] }
        #expect(schema("f")?["enum"] == .array([.string("json"), .string("html")]))
        #expect(schema("kinds")?["items"]?["enum"] == .array([.string("lake"), .string("river")]))
        #expect(schema("depth")?["enum"] == .array([.number("1"), .number("2")]))
    }
}
