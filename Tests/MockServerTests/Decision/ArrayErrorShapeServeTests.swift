import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// serve's own refusals for an API whose code and message sit in an array, as the Docker
/// registry's `{"errors": [{"code": "NAME_UNKNOWN", "message": "…", "detail": …}]}`: the answer
/// carries its code and message where the shape says, with or without a failure mock to follow.
@Suite struct ArrayErrorShapeServeTests {
    struct Catalog: Codable, Sendable { var repositories: [String] }

    static func registry(_ code: JSONPath, _ message: JSONPath, scenarios: [ScenarioName] = ["missing"]) -> API {
        API(
            name: "registry", envelope: .none, errors: ErrorShape(code: code, message: message),
            endpoints: [
                Endpoint<Catalog>(
                    id: "catalog.list", .get, "_catalog", parameters: [.query("n", .int)], mock: "catalog", scenarios: scenarios
                ).erased
            ])
    }

    static let unknown =
        #"{"errors": [{"code": "NAME_UNKNOWN", "message": "repository name not known to registry", "detail": {"name": "x"}}, "#
        + #"{"code": "DENIED", "message": "other"}]}"#

    func refusals(_ api: API, _ files: [String: String]) throws -> [(status: Int, body: JSONValue)] {
        let mocks = try TemporaryMocks(files: files)
        defer { mocks.remove() }
        let server = try MockServer(api: api, mocks: mocks.url)
        let requests = [("GET", "/_catalog", [(name: "n", value: "abc")]), ("PUT", "/_catalog", []), ("PATCH", "/nowhere", [])]
        return try requests.map { method, path, query in
            let answer = server.respond(to: ServerRequest(method: method, path: path, query: query))
            return (answer.status, try JSONParser.parse(answer.body))
        }
    }

    @Test(arguments: [true, false])
    func theCodeAndMessageSitInTheArray(withFailureMock: Bool) throws {
        var files = ["catalog.json": #"{"repositories": ["team/app"]}"#]
        if withFailureMock { files["catalog@missing.404.json"] = Self.unknown }
        let answers = try refusals(
            Self.registry("$.errors[0].code", "$.errors[0].message", scenarios: withFailureMock ? ["missing"] : []), files)
        #expect(answers.map(\.status) == [400, 405, 404])
        let codes = answers.map { $0.body.value(at: "$.errors[0].code") }
        #expect(
            codes == [.string("invalid_request"), .string("method_not_allowed"), .string("no_such_route")],
            "\(answers.map(\.body.compactText))")
        let invalid = answers[0].body
        #expect(invalid.value(at: "$.errors[0].message")?.stringValue?.contains("catalog.list") == true, "\(invalid.compactText)")
        // Another error's entry is not this answer's, and what the example's entry says beside its code says nothing.
        guard withFailureMock else { return }
        #expect(invalid.value(at: "$.errors").flatMap(Self.count) == 1, "\(invalid.compactText)")
        #expect(invalid.value(at: "$.errors[0].detail.name") == .string(""), "\(invalid.compactText)")
    }

    @Test func aWildcardPathIsWrittenInItsFirstElement() throws {
        let answers = try refusals(
            Self.registry("$.errors[*].code", "$.errors[*].message"),
            ["catalog.json": #"{"repositories": []}"#, "catalog@missing.404.json": Self.unknown])
        #expect(answers[2].body.value(at: "$.errors[0].code") == .string("no_such_route"), "\(answers[2].body.compactText)")
        #expect(answers[2].body.value(at: "$.errors").flatMap(Self.count) == 1)
    }

    static func count(_ value: JSONValue) -> Int? {
        if case let .array(items) = value { items.count } else { nil }
    }
}
