import APICheck
import Foundation
import Testing

/// A parameter's literal sample is the export's `example`, so that the package imported back
/// sends it (MLflow refuses a search without `max_results`); a secret's never, and a path's not
/// (it names one thing of the server the package was declared against).
@Suite struct ParameterExampleExportTests {
    struct Found: Decodable, Sendable { var n: Int }

    static let search = Endpoint<Found>(
        id: "experiments.search", .get, "experiments/{id}/search",
        parameters: [
            .path("id", .int, sample: .literal(7)),
            .query("max_results", .int, sample: .literal(2)),
            Parameter("api_key", in: .query, .string, sample: .literal("k-0123456789"), secret: true),
            .query("view", .string, sample: .literal("active")),
        ],
        mock: "search", enveloped: false)

    @Test func literalSamplesAreExamplesButNotSecretsOrPaths() throws {
        let api = API(name: "tracking", envelope: .none, endpoints: [Self.search])
        let document = try OpenAPIDocument(api: api, mocks: nil).build().document
        guard case let .array(parameters)? = document["paths"]?["/experiments/{id}/search"]?["get"]?["parameters"] else {
            Issue.record("no parameters: \(document.compactText)")
            return
        }
        let examples = Dictionary(uniqueKeysWithValues: parameters.map { ($0["name"]?.stringValue ?? "-", $0["example"]) })
        #expect(examples["max_results"] == .number("2"))
        #expect(examples["view"] == .string("active"))
        #expect(examples["api_key"] == .some(nil))
        #expect(examples["id"] == .some(nil))
        #expect(!document.compactText.contains("k-0123456789"))
    }
}
