@testable import APICheck
import Foundation
import TestSupport
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

    /// A variable, else an earlier answer's value (`environmentOr`, as `import-openapi` declares an
    /// object read): the variable when it is set; else the list's first id, the read waiting for
    /// the list; skipped with the variable named when the list has none.
    @Test func aReadSendsItsVariableElseTheFirstIdOfItsList() async throws {
        let list = Endpoint<JSONValue>(id: "pets.list", .get, "pets", mock: "pets_list")
        let read = Endpoint<JSONValue>(
            id: "pets.get", .get, "pets/{id}",
            parameters: [
                .path(
                    "id", .int64,
                    sample: .environmentOr("PET_ID", otherwise: .seen(endpoint: "pets.list", path: "$.items[0].id", fallback: nil)))
            ],
            mock: "pets_get")
        let api = API(name: "pets", envelope: .none, endpoints: [list.erased, read.erased])
        #expect(api.problems.isEmpty)
        #expect(Sample.environmentOr("PET_ID", otherwise: .literal(.int(1))).variable == "PET_ID")
        let mocks = try TemporaryFolder("pets-mocks")
        defer { mocks.remove() }
        func run(list answer: String, environment: [String: String], only: Set<String>? = nil) async throws -> (
            paths: [String], skipped: SkipReason?
        ) {
            try Data(answer.utf8).write(to: mocks.appendingPathComponent("pets_list.json"))
            try Data(#"{"id": 7}"#.utf8).write(to: mocks.appendingPathComponent("pets_get.json"))
            let transport = MockTransport(directory: mocks.url, api: api)
            let report = await LiveCheck(
                api: api, transport: transport,
                options: LiveOptions(baseURL: URL(string: "http://mock.invalid/")!, only: only, environment: environment, probes: false)
            ).run()
            return (transport.requests.map { $0.url.path }, report.results.first { $0.endpoint == "pets.get" }?.skipped)
        }
        #expect(try await run(list: #"{"items": [{"id": 7}, {"id": 8}]}"#, environment: [:]).paths == ["/pets", "/pets/7"])
        #expect(try await run(list: #"{"items": [{"id": 7}]}"#, environment: [:], only: ["pets.get"]).paths == ["/pets", "/pets/7"])
        #expect(try await run(list: #"{"items": [{"id": 7}]}"#, environment: ["PET_ID": "9"]).paths.last == "/pets/9")
        let empty = try await run(list: #"{"items": []}"#, environment: [:])
        #expect(empty.paths == ["/pets"])
        #expect(
            empty.skipped == "its sample for 'id' comes from pets.list ($PET_ID is not set), whose answer has no value at $.items[0].id")
        #expect(try await run(list: #"{"items": []}"#, environment: ["PET_ID": "9"]).paths.last == "/pets/9")
    }
}
