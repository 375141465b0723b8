import APICheck
import Foundation
import Testing

/// The media type an endpoint declares (its `Accept` parameter's, `application/geo+json` where a
/// document offers GeoJSON and HTML): said when a success comes in another, written in the
/// exported document as the answer's content, not as a parameter OpenAPI ignores.
@Suite struct MediaTypeTests {
    struct Feature: Decodable, Sendable { var type: String }

    static let features = Endpoint<Feature>(
        id: "features", .get, "items",
        parameters: [.query("f", .string, sample: .literal("json")), .header("Accept", sample: .literal("application/geo+json"))],
        mock: "features", enveloped: false)
    static let plain = Endpoint<Feature>(id: "plain", .get, "plain", mock: "plain", enveloped: false)
    static let api = API(name: "geo", envelope: .none, endpoints: [features, plain])

    struct Fixed: Transport {
        let contentType: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: Data(#"{"type": "FeatureCollection"}"#.utf8))
        }
    }

    func findings(_ endpoint: String, answeredAs contentType: String) async -> [Finding] {
        let report = await LiveCheck(
            api: Self.api, transport: Fixed(contentType: contentType),
            options: LiveOptions(baseURL: URL(string: "http://api.invalid/")!, only: [endpoint], probes: false, errorChecks: false)
        ).run()
        return report.endpointResults.first { $0.endpoint == endpoint }?.findings ?? []
    }

    @Test func theDeclaredTypesAreTheAcceptParametersTypes() {
        #expect(Self.features.erased.declaredMediaTypes.map(\.essence) == ["application/geo+json"])
        #expect(Self.plain.erased.declaredMediaTypes.isEmpty)
        let listed = Endpoint<Feature>(
            id: "l", .get, "l", parameters: [.header("accept", sample: .literal("application/ld+json; q=0.9, */*;q=0.1"))], mock: "l")
        #expect(listed.erased.declaredMediaTypes.map(\.essence) == ["application/ld+json"])
    }

    /// pygeoapi answers `application/json` where its document declares `application/geo+json`.
    @Test func liveSaysASuccessInAnotherTypeThanTheDeclaredOne() async throws {
        let found = await findings("features", answeredAs: "application/json")
        let finding = try #require(found.first { $0.kind == .contentType }, "\(found)")
        #expect(finding.severity == .info)
        #expect(finding.expected == "application/geo+json" && finding.found == "application/json")
        #expect(!found.contains { $0.severity == .error }, "\(found)")
        #expect(await findings("features", answeredAs: "application/geo+json; charset=utf-8").isEmpty)
        // An endpoint that declares no type takes any JSON type.
        #expect(await findings("plain", answeredAs: "application/ld+json").isEmpty)
    }

    @Test func theExportWritesTheDeclaredTypeAndNoAcceptParameter() throws {
        let document = try OpenAPIDocument(api: Self.api).build().document
        let operation = try #require(document["paths"]?["/items"]?["get"])
        guard case let .object(content)? = operation["responses"]?["200"]?["content"] else {
            Issue.record("no content: \(operation)")
            return
        }
        #expect(content.map(\.key) == ["application/geo+json"])
        guard case let .array(parameters)? = operation["parameters"] else {
            Issue.record("no parameters: \(operation)")
            return
        }
        #expect(parameters.map { $0["name"]?.stringValue } == ["f"])
        let plain = document["paths"]?["/plain"]?["get"]?["responses"]?["200"]?["content"]
        #expect(plain?["application/json"] != nil)
    }

    @Test func acceptWeights() {
        for value in ["", "*/*", "application/json", "text/plain, application/*;q=0.5", "application/problem+json", " , "] {
            #expect(AcceptHeader(value).admitsJSON(), "\(value)")
        }
        for value in ["text/plain", "text/html, text/plain;q=0.9", "image/*", "application/json;q=0, text/html"] {
            #expect(!AcceptHeader(value).admitsJSON(), "\(value)")
        }
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
        #expect(AcceptHeader(browser).admitsJSON() && !AcceptHeader(browser).prefersJSON())
        for value in ["", "*/*", "application/json, text/html", "application/json, text/html;q=0.9", "text/html;q=0.5, */*"] {
            #expect(AcceptHeader(value).prefersJSON(), "\(value)")
        }
        #expect(AcceptHeader("application/geo+json, text/html;q=0.9").prefersJSON(declared: [MediaType("application/geo+json")!]))
        #expect(!AcceptHeader("text/html, application/json;q=0.9").prefersJSON())
        #expect(MediaType("Application/JSON; charset=utf-8")?.essence == "application/json")
        #expect(MediaType("json") == nil && MediaType("application/") == nil)
    }
}
