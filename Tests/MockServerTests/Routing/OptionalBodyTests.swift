import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// A request body a request may leave out (an OpenAPI `requestBody` without `required: true`,
/// Prefect's filter bodies): `serve` takes a request without it, and `apicheck openapi` writes it
/// as optional, so that the export compared with the document it came from makes nothing required.
@Suite struct OptionalBodyTests {
    struct Filter: Codable, Sendable { var limit: Int? }
    struct Found: Decodable, Sendable { var count: Int }

    static let filter = Endpoint<Found>(
        id: "flows.filter", .post, "flows/filter", mock: "found", enveloped: false,
        body: .json(Filter.self, sample: Filter(limit: 1)).optional())
    static let create = Endpoint<Found>(
        id: "flows.create", .post, "flows", mock: "found", enveloped: false, body: .json(Filter.self, sample: Filter(limit: 1)))

    func problems(_ endpoint: AnyEndpoint, body: String) -> [String] {
        let request = ServerRequest(
            method: "POST", path: "/\(endpoint.path)", headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        return RequestValidator(endpoint: endpoint, dates: .deferredToDate).validate(request, pathValues: []).problems.map(\.text)
    }

    @Test func serveTakesARequestWithoutAnOptionalBody() {
        #expect(problems(Self.filter.erased, body: "") == [])
        #expect(problems(Self.filter.erased, body: #"{"limit": 2}"#) == [])
        #expect(problems(Self.create.erased, body: "") == ["body: is required (Filter) but missing"])
    }

    @Test func theExportSaysWhetherABodyIsRequired() throws {
        let api = API(name: "flows", envelope: .none, endpoints: [Self.filter, Self.create])
        let document = try OpenAPIDocument(api: api, mocks: nil).build().document
        #expect(document["paths"]?["/flows/filter"]?["post"]?["requestBody"]?["required"] == .bool(false))
        #expect(document["paths"]?["/flows"]?["post"]?["requestBody"]?["required"] == .bool(true))
        // The document the package was imported from: the filter's body optional, the create's required.
        let imported = try #require(Self.removingRequired(document))
        #expect(imported["paths"]?["/flows/filter"]?["post"]?["requestBody"]?["required"] == nil)
        let made = OpenAPIComparison(old: imported, new: document).changes().filter { $0.kind == .madeRequired }
        #expect(made.isEmpty, "\(made.map(\.description))")
    }

    /// The document with the filter's body stating nothing of `required`, as FastAPI writes one.
    static func removingRequired(_ document: JSONValue) -> JSONValue? {
        let text = document.compactText.replacingOccurrences(of: #""requestBody":{"required":false,"#, with: #""requestBody":{"#)
        return try? JSONParser.parse(Data(text.utf8))
    }
}
