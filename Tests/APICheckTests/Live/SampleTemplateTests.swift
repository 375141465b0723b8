@testable import APICheck
import Foundation
import Testing

/// A sample put in a template: `If-Match: "<rev>"` from the bare revision an earlier answer held.
@Suite struct SampleTemplateTests {
    static let update = Endpoint<NoContent>(
        id: "docs.update", .put, "docs/d1",
        parameters: [
            .header(
                "If-Match", .string, required: true,
                sample: .seen(endpoint: "docs.get", path: "$.rev", fallback: nil, template: "\"{}\"")),
            .header("X-Tag", .string, sample: .template("v={}; v={}", .literal(.int(7)))),
        ],
        mock: "docs_update"
    ).erased

    @Test func theSeenValueIsPutInItsTemplateAndItsSourceStillOrdersTheRun() throws {
        let resolver = SampleResolver(environment: [:], runID: "r")
        let values = try resolver.values(for: Self.update, seen: ["docs.get": .object([("rev", .string("3-abc"))])])
        #expect(values["If-Match"] == .string("\"3-abc\""))
        #expect(values["X-Tag"] == .string("v=7; v=7"))
        #expect(SampleResolver.sources(of: Self.update) == ["docs.get"])
        #expect(
            SampleResolver.unavailableSample(for: Self.update, seen: [:])
                == "its sample for 'If-Match' comes from docs.get, which did not succeed")
        #expect(Sample.template("\"{}\"", .seen(endpoint: "a", path: "$.x", fallback: .string("f"))).seenSource?.fallback == .string("f"))
    }

    /// An ETag made of a number (Kinto's `"<last_modified>"`): the template makes text of it, so a
    /// String header takes it, where a bare number in a String parameter falls back.
    @Test func aSeenNumberPutInATemplateIsTextForAStringParameter() throws {
        let resolver = SampleResolver(environment: [:], runID: "r")
        let values = try resolver.values(for: Self.update, seen: ["docs.get": .object([("rev", .number("1796388232217"))])])
        #expect(values["If-Match"] == .string("\"1796388232217\""))
    }

    @Test func aTemplateWithoutAPlaceForTheValueIsADeclarationProblem() {
        let api = API(
            name: "docs", envelope: .none,
            endpoints: [
                Endpoint<NoContent>(id: "docs.get", .get, "docs/d1", mock: "docs_get"),
                Endpoint<NoContent>(
                    id: "docs.update", .put, "docs/d1",
                    parameters: [
                        .header(
                            "If-Match", .string, sample: .seen(endpoint: "docs.get", path: "$.rev", fallback: nil, template: "\"etag\"")),
                        .header(
                            "If-None-Match", .string, sample: .seen(endpoint: "docs.nowhere", path: "$.rev", fallback: nil, template: "{}")),
                    ], mock: "docs_update"),
            ])
        #expect(
            api.problems.map(\.message) == [
                "parameter 'If-Match' has the template '\"etag\"', which has no {} for the value",
                "parameter 'If-None-Match' samples from 'docs.nowhere', which is not declared",
            ])
    }
}
