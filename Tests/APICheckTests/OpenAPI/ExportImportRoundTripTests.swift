@testable import APICheck
import Foundation
import TestSupport
import Testing

/// `import-openapi` of `apicheck openapi`'s own document gives back what the declarations say of
/// errors and credentials. An API in MLflow's manner: HTTP Basic, a 401 for a dead or a missing
/// credential whose body is no part of the contract (its `@expired` mocks are `{}`), and errors
/// `{"error_code", "message"}` that two endpoints' `not_found` checks answer with a 404.
@Suite struct ExportImportRoundTripTests {
    struct Experiment: Codable, Sendable {
        var id: String
        var name: String
    }
    struct ExperimentAnswer: Codable, Sendable { var experiment: Experiment }
    struct ExperimentList: Codable, Sendable { var experiments: [Experiment] }

    static let search = Endpoint<ExperimentList>(
        id: "experiments.search", .get, "experiments/search", mock: "experiments_search", auth: .token)
    static let get = Endpoint<ExperimentAnswer>(
        id: "experiments.get", .get, "experiments/get",
        parameters: [.query("experiment_id", .string, required: true, sample: .literal("1"))], mock: "experiment_get", auth: .token,
        errorChecks: [.scenario("not_found", status: 404, code: "RESOURCE_DOES_NOT_EXIST", inputs: ["experiment_id": "987654321"])])
    static let byName = Endpoint<ExperimentAnswer>(
        id: "experiments.getByName", .get, "experiments/get-by-name",
        parameters: [.query("experiment_name", .string, required: true, sample: .literal("a"))], mock: "experiment_by_name",
        auth: .token,
        errorChecks: [.scenario("not_found", status: 404, code: "RESOURCE_DOES_NOT_EXIST", inputs: ["experiment_name": "none"])])
    static let api = API(
        name: "tracking", environments: ["staging": URL(string: "http://127.0.0.1:5088/api/2.0/mlflow/")!], envelope: .none,
        errors: ErrorShape(code: "$.error_code", message: "$.message"), expired: [.status(401)],
        auth: .basic(accountVariable: "TRACKING_ACCOUNT", passwordVariable: "TRACKING_PASSWORD", missingToken: .deadToken),
        endpoints: [search, get, byName])

    static let experiment = #"{"experiment": {"id": "1", "name": "a"}}"#
    static let notFound = #"{"error_code": "RESOURCE_DOES_NOT_EXIST", "message": "No Experiment with id=987654321 exists"}"#
    static let mocks = [
        "experiments_search.json": #"{"experiments": [{"id": "1", "name": "a"}]}"#,
        "experiment_get.json": experiment, "experiment_by_name.json": experiment,
        "experiment_get@not_found.404.json": notFound, "experiment_by_name@not_found.404.json": notFound,
        "experiments_search@expired.json": "{}", "experiment_get@expired.json": "{}", "experiment_by_name@expired.json": "{}",
    ]

    @Test func theErrorShapeItsMocksAndTheMissingTokenPromiseComeBack() throws {
        let folder = try TemporaryFolder("export-import-round-trip")
        defer { folder.remove() }
        for (name, body) in Self.mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        let document = try OpenAPIDocument(api: Self.api, mocks: MockDirectory(folder.url, api: Self.api)).build().document
        let settings = OpenAPIImport.Settings(
            name: "tracking", typeName: "Tracking", moduleName: "TrackingContracts", variablePrefix: "TRACKING", baseURL: nil)
        let result = try OpenAPIImport(settings: settings).run(document)
        let declaration = try #require(result.files.first { $0.path == "Sources/TrackingContracts/Tracking.swift" }?.text)
        #expect(declaration.contains(#"errors: ErrorShape(code: "$.error_code", message: "$.message"),"#), "\(declaration)")
        #expect(declaration.contains("expired: [.status(401)],"), "\(declaration)")
        #expect(declaration.contains("missingToken: .deadToken)"), "\(declaration)")
        let written = Set(result.files.map(\.path))
        #expect(written.contains("mocks/experiments.get@not_found.404.json"), "\(written.sorted())")
        #expect(written.contains("mocks/experiments.getByName@not_found.404.json"), "\(written.sorted())")
    }

    /// An API that promises nothing of a missing credential is exported as promising nothing.
    @Test func noMissingTokenPromiseIsMadeUp() throws {
        var api = Self.api
        api.auth.missingToken = nil
        let folder = try TemporaryFolder("export-import-round-trip")
        defer { folder.remove() }
        for (name, body) in Self.mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        let document = try OpenAPIDocument(api: api, mocks: MockDirectory(folder.url, api: api)).build().document
        let unauthorized = try #require(document["paths"]?["/experiments/get"]?["get"]?["responses"]?["401"])
        #expect(unauthorized["description"]?.stringValue?.contains("missing") == false)
        #expect(unauthorized[ImportedErrorAnswer.missingTokenExtension] == nil)
    }

    /// Basic credentials are an account and a password, not a token: the scheme and the 401 say so.
    @Test func basicCredentialsAreNotCalledAToken() throws {
        let folder = try TemporaryFolder("export-import-round-trip")
        defer { folder.remove() }
        for (name, body) in Self.mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        let document = try OpenAPIDocument(api: Self.api, mocks: MockDirectory(folder.url, api: Self.api)).build().document
        #expect(document["components"]?["securitySchemes"]?["basic"]?["scheme"] == .string("basic"))
        #expect(document["components"]?["securitySchemes"]?["token"] == nil)
        let operation = try #require(document["paths"]?["/experiments/get"]?["get"])
        #expect(operation["security"] == .array([.object([("basic", .array([]))])]))
        let description = try #require(operation["responses"]?["401"]?["description"]?.stringValue)
        #expect(!description.contains("token") && description.contains("credentials"), "\(description)")
    }
}
