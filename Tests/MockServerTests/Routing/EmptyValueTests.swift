import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// A query parameter declared to take an empty value (OpenAPI's `allowEmptyValue`, JupyterHub's
/// `GET /users?include_stopped_servers`): `serve` and `proxy` take `?flag` and `?flag=`, a Bool
/// one as true; the import declares it and `apicheck openapi` writes it back.
@Suite struct EmptyValueTests {
    struct Users: Decodable, Sendable { var count: Int }

    static func users(allowingEmpty: Bool) -> Endpoint<Users> {
        let flag = Parameter.query("include_stopped_servers", .bool, sample: .literal(true))
        let depth = Parameter.query("depth", .int).allowing(["1", "2"])
        return Endpoint<Users>(
            id: "users", .get, "users",
            parameters: allowingEmpty ? [flag.allowingEmptyValue(), depth.allowingEmptyValue()] : [flag, depth],
            mock: "users", enveloped: false,
            errorChecks: [.scenario("stopped", status: 403, code: "forbidden", inputs: ["include_stopped_servers": true])])
    }

    static func api(allowingEmpty: Bool = true) -> API {
        API(
            name: "hub", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
            endpoints: [users(allowingEmpty: allowingEmpty)])
    }

    func problems(_ query: String, allowingEmpty: Bool = true) -> [String] {
        let request = ServerRequest(method: "GET", path: "/users", query: PercentDecoding.queryPairs(query))
        return RequestValidator(endpoint: Self.users(allowingEmpty: allowingEmpty).erased, dates: .deferredToDate)
            .validate(request, pathValues: []).problems.map(\.text)
    }

    @Test func anEmptyValueIsTakenWhereDeclared() {
        #expect(problems("include_stopped_servers&offset=0") == [])
        #expect(problems("include_stopped_servers=&depth=") == [])
        #expect(problems("include_stopped_servers=1&depth=2") == [])
        // Only the empty value is added: any other stays a finding.
        #expect(problems("include_stopped_servers=yes") == [#"include_stopped_servers (query): expects Bool, got String "yes""#])
        #expect(problems("depth=3") == [#"depth (query): expects one of "1", "2", got "3""#])
    }

    @Test func withoutTheDeclarationAnEmptyValueIsFound() {
        #expect(
            problems("include_stopped_servers&offset=0", allowingEmpty: false) == [
                #"include_stopped_servers (query): expects Bool, got String """#
            ])
        #expect(problems("depth=", allowingEmpty: false) == [#"depth (query): expects Int, got String """#])
    }

    @Test func serveReadsABareBoolFlagAsTrue() async throws {
        let mocks = try TemporaryMocks(files: [
            "users.json": #"{"count": 2}"#, "users@stopped.403.json": #"{"code": "forbidden", "message": "no"}"#,
        ])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api(), mocks: mocks.url)
        defer { harness.stop() }
        #expect(try await harness.send(.get, "users?include_stopped_servers").status == 403)
        #expect(try await harness.send(.get, "users?include_stopped_servers=true").status == 403)
        #expect(try await harness.send(.get, "users?include_stopped_servers=false").status == 200)
        #expect(try await harness.send(.get, "users").status == 200)
    }

    @Test func theClientSendsTheSampleOrAnEmptyValue() throws {
        let builder = RequestBuilder(api: Self.api(), baseURL: URL(string: "http://h.invalid/hub/api/")!)
        let endpoint = Self.users(allowingEmpty: true).erased
        #expect(
            try builder.request(for: endpoint, ["include_stopped_servers": true], token: nil).url.absoluteString
                == "http://h.invalid/hub/api/users?include_stopped_servers=true")
        #expect(
            try builder.request(for: endpoint, ["include_stopped_servers": ""], token: nil).url.absoluteString
                == "http://h.invalid/hub/api/users?include_stopped_servers=")
        let strict = RequestBuilder(api: Self.api(allowingEmpty: false), baseURL: URL(string: "http://h.invalid/")!)
        #expect(throws: APIError.self) {
            try strict.request(for: Self.users(allowingEmpty: false).erased, ["include_stopped_servers": ""], token: nil)
        }
    }

    @Test func theExportWritesItAndTheImportReadsItBack() throws {
        let document = try OpenAPIDocument(api: Self.api(), mocks: nil).build().document
        guard case let .array(parameters)? = document["paths"]?["/users"]?["get"]?["parameters"] else {
            Issue.record("no parameters in \(document)")
            return
        }
        #expect(parameters.allSatisfy { $0["allowEmptyValue"] == .bool(true) }, "\(parameters)")
        let settings = OpenAPIImport.Settings(name: "hub", typeName: "Hub", moduleName: "HubContracts", variablePrefix: "HUB", baseURL: nil)
        let imported = try OpenAPIImport(settings: settings).run(document)
        let declarations = imported.files.map(\.text).joined()
        #expect(
            declarations.contains(#".query("include_stopped_servers", .bool, sample: .literal(true)).allowingEmptyValue()"#),
            "\(declarations)")
        #expect(declarations.contains(#".query("depth", .int).allowing(["1", "2"]).allowingEmptyValue()"#))
        // Swagger 2 says it of the parameter itself, as OpenAPI 3 does.
        let swagger = try OpenAPIImport.parse(
            Data(
                #"""
                {"swagger": "2.0", "info": {"title": "Hub", "version": "1"}, "paths": {"/users": {"get": {"operationId": "users",
                  "parameters": [{"name": "include_stopped_servers", "in": "query", "type": "boolean", "allowEmptyValue": true}],
                  "responses": {"200": {"description": "ok"}}}}}}
                """#.utf8))
        let converted = try OpenAPIImport(settings: settings).run(swagger).files.map(\.text).joined()
        #expect(converted.contains(#".query("include_stopped_servers", .bool).allowingEmptyValue()"#), "\(converted)")
        let strict = try OpenAPIDocument(api: Self.api(allowingEmpty: false), mocks: nil).build().document
        #expect(!strict.compactText.contains("allowEmptyValue"))
    }
}
