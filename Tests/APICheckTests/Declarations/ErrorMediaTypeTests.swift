@testable import APICheck
import Foundation
import Testing

/// An error answer declared in a media type that is not JSON (`answeringErrors(_:in:)`), as
/// Phoenix's document declares its `text/plain` 401, 404 and 422: the import declares it, the
/// answers made from the declarations are in it, a check reads one as the failure it is, and the
/// export writes it back.
@Suite struct ErrorMediaTypeTests {
    static let project = Endpoint<JSONValue>(
        id: "getProject", .get, "v1/projects/{id}", parameters: [.path("id", .string, sample: .literal("p1"))], mock: "project",
        auth: .token, errorChecks: [.scenario("not_found", status: 404, inputs: ["id": "nope"])]
    )
    .answeringErrors([401, 404], in: "text/plain")
    static let plain = Endpoint<JSONValue>(id: "getPlain", .get, "v1/plain", mock: "plain", auth: .token)

    static func api(errors: ErrorShape? = nil) -> API {
        API(
            name: "phoenixish", envelope: .none, errors: errors, expired: [.status(401)],
            auth: .preIssued(variable: "KEY", placement: .scheme("Bearer")), endpoints: [project, plain])
    }

    @Test func theDeclarationKeepsEachStatusType() {
        #expect(Self.project.erased.errorMediaTypes == [401: MediaType("text/plain")!, 404: MediaType("text/plain")!])
        #expect(Self.plain.erased.errorMediaTypes.isEmpty)
        // A type that names none declares nothing.
        #expect(Self.plain.answeringErrors([401], in: "text").erased.errorMediaTypes.isEmpty)
    }

    /// A refused token on an endpoint that declares its 401 as text is the message alone, in
    /// that type; an endpoint that declares none still gets the API's shape (problem+json here).
    @Test func aRefusedTokenIsAnsweredInTheDeclaredType() throws {
        let api = Self.api()
        let text = api.signalledAnswer(.status(401), for: Self.project.erased, state: .neverIssued)
        #expect(text.status == 401 && text.contentType == "text/plain")
        #expect(String(decoding: text.body, as: UTF8.self) == "token refused")
        let json = api.signalledAnswer(.status(401), for: Self.plain.erased, state: .neverIssued)
        #expect(json.contentType == "application/problem+json")
    }

    /// A declared error check answered in the declared text type is the failure it declares, not
    /// an answer outside the API's JSON error shape; the same answer where the endpoint declares
    /// no such type still is one.
    @Test func anErrorCheckAnsweredInTheDeclaredTypeIsNoFinding() throws {
        let api = Self.api(errors: ErrorShape(code: "$.code", message: "$.message"))
        let check = try #require(Self.project.erased.errorChecks.first)
        let body = Data("Project with ID nope not found".utf8)
        func findings(_ endpoint: AnyEndpoint, contentType: String) -> [Finding] {
            let rules = api.rules(for: endpoint)
            let (classification, _) = Classification.of(
                status: 404, contentType: contentType, body: body, rules: rules, redactor: Redactor(fieldNames: []))
            return check.findings(endpoint: endpoint, status: 404, body: body, classification: classification, rules: rules)
        }
        #expect(findings(Self.project.erased, contentType: "text/plain; charset=utf-8").isEmpty)
        #expect(findings(Self.plain.erased, contentType: "text/plain; charset=utf-8").map(\.kind) == [.errorCheck])
        // Another type than the declared one is still outside the shape.
        #expect(findings(Self.project.erased, contentType: "text/html").map(\.kind) == [.errorCheck])
    }

    /// `apicheck openapi` writes the declared type as the answer's content, a string, the dead
    /// token's 401 included, so that an import declares it again.
    @Test func theExportWritesTheDeclaredType() throws {
        let document = try OpenAPIDocument(api: Self.api()).build().document
        let responses = try #require(document["paths"]?["/v1/projects/{id}"]?["get"]?["responses"])
        for status in ["401", "404"] {
            let content = try #require(responses[status]?["content"], "\(responses.compactText)")
            #expect(content == .object([("text/plain", .object([("schema", .object([("type", .string("string"))]))]))]))
        }
        let other = document["paths"]?["/v1/plain"]?["get"]?["responses"]?["401"]?["content"]
        #expect(other?["text/plain"] == nil, "\(other?.compactText ?? "")")
    }

    /// The import declares an error answer whose content is only a type that is not JSON, each
    /// type once with its statuses; a JSON error answer, and one without content, declare nothing.
    @Test func theImportDeclaresAnErrorAnswersTextType() throws {
        let text = #"{"content": {"text/plain": {"schema": {"type": "string"}}}, "description": "e"}"#
        let fixture = try ImportFixture(
            paths: """
                "/projects/{id}": {"get": {"operationId": "getProject", "tags": ["projects"],
                  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                    "404": \(text), "401": \(text), "403": {"description": "no content"},
                    "422": {"description": "v", "content": {"application/json": {"schema": {"type": "object"}}}},
                    "4XX": \(text)}}}
                """)
        let group = fixture.group("ProjectsEndpoints")
        #expect(group.contains(#".answeringErrors([401, 404], in: "text/plain")"#), "\(group)")
        #expect(group.components(separatedBy: ".answeringErrors(").count == 2, "\(group)")
    }
}
