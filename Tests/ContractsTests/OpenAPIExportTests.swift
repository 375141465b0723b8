import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// The demo API's OpenAPI document, pinned by a golden file, and what it must say.
@Suite struct OpenAPIExportTests {
    let mocks = MockDirectory(MockTransport.locateMocks()!, api: Demo.api)

    func document() throws -> JSONValue {
        try OpenAPIDocument(api: Demo.api, mocks: mocks).build().document
    }

    @Test func demoDocumentMatchesGoldenFile() throws {
        try GoldenFile.expect(
            try OpenAPIDocument(api: Demo.api, mocks: mocks).render(), "demo.openapi.json",
            in: RepositoryPaths.root.appendingPathComponent("Tests/ContractsTests/Golden"))
    }

    @Test func sameInputSameBytes() throws {
        let first = try OpenAPIDocument(api: Demo.api, mocks: mocks).render()
        let second = try OpenAPIDocument(api: Demo.api, mocks: MockDirectory(MockTransport.locateMocks()!, api: Demo.api)).render()
        #expect(first == second)
    }

    @Test func operationsParametersAndSecurity() throws {
        let document = try document()
        #expect(document["openapi"] == .string("3.1.0"))
        let timeline = try #require(document["paths"]?["/statuses/home_timeline"]?["get"])
        #expect(timeline["operationId"] == .string("statuses.homeTimeline"))
        #expect(timeline["security"] == .array([.object([("token", .array([]))])]))
        let sinceID = try #require(timeline["parameters"]?[0])
        #expect(sinceID["name"] == .string("since_id") && sinceID["in"] == .string("query") && sinceID["required"] == .bool(false))
        #expect(sinceID["schema"]?["format"] == .string("int64"))
        let show = try #require(document["paths"]?["/statuses/{id}"]?["get"]?["parameters"]?[0])
        #expect(show["in"] == .string("path") && show["required"] == .bool(true))
        let scheme = try #require(document["components"]?["securitySchemes"]?["token"])
        #expect(scheme["type"] == .string("apiKey") && scheme["in"] == .string("query") && scheme["name"] == .string("access_token"))
        // Endpoints without the token have no security requirement.
        #expect(document["paths"]?["/topics"]?["get"]?["security"] == nil)
        let login = try #require(document["paths"]?["/Account/login"]?["post"]?["requestBody"]?["content"]?["application/json"]?["schema"])
        #expect(login["required"] == .array([.string("account"), .string("password")]))
        #expect(login["properties"]?["password"]?["format"] == .string("password"))
        // Staging first: a reader (import-openapi) takes the first server as the one to call.
        #expect(document["servers"]?[0]?["url"] == .string("http://staging.example.com/Api"))
        #expect(document["servers"]?[1]?["url"] == .string("http://127.0.0.1:8080/Api"))
    }

    @Test func schemasComeFromTheDecodeTypes() throws {
        let schemas = try #require(try document()["components"]?["schemas"])
        let user = try #require(schemas["User"])
        #expect(user["properties"]?["mail"]?["type"] == .array([.string("string"), .string("null")]))
        #expect(user["required"] == .array([.string("uid"), .string("userName"), .string("utoken"), .string("expires_in")]))
        #expect(schemas["Status"]?["properties"]?["user"]?["$ref"] == .string("#/components/schemas/StatusUser"))
        #expect(schemas["Status"]?["properties"]?["pic_urls"]?["items"]?["$ref"] == .string("#/components/schemas/PicURL"))
        #expect(schemas["TabConfig"]?["properties"]?["visitorInfo"]?["anyOf"]?[1]?["type"] == .string("null"))
        // The raw endpoint is the bare array, no envelope.
        let config = try #require(
            try document()["paths"]?["/config/main.json"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"])
        #expect(config["type"] == .string("array") && config["items"]?["$ref"] == .string("#/components/schemas/TabConfig"))
    }

    @Test func everyMockIsANamedExampleUnderItsStatus() throws {
        let responses = try #require(try document()["paths"]?["/statuses/home_timeline"]?["get"]?["responses"])
        let ok = try #require(responses["200"]?["content"]?["application/json"]?["examples"])
        #expect(ok["success"]?["summary"] == .string("home_timeline.json"))
        #expect(ok["logout"]?["value"]?["code"] == .number("10504"))
        let expired = try #require(responses["403"]?["content"]?["application/json"]?["examples"])
        #expect(expired["expired"]?["summary"] == .string("home_timeline@expired.json"))
        let login = try #require(
            try document()["paths"]?["/Account/login"]?["post"]?["responses"]?["200"]?["content"]?["application/json"]?["examples"])
        #expect(login["wrong_password"]?["value"]?["code"] == .number("10002"))
        // Secrets in examples are masked.
        #expect(login["success"]?["value"]?["datas"]?["utoken"] == .string("***"))
    }

    /// The demo's document imported back keeps its error shape, and its dead-token answers say
    /// that a missing token gets them too, as the demo's `missingToken: .deadToken` promises.
    @Test func demoDocumentImportsBackWithItsErrorShape() throws {
        let document = try document()
        let settings = OpenAPIImport.Settings(
            name: "demo", typeName: "Demo", moduleName: "DemoContracts", variablePrefix: "DEMO", baseURL: nil)
        let result = try OpenAPIImport(settings: settings).run(document)
        let declaration = result.files.first { $0.path == "Sources/DemoContracts/Demo.swift" }?.text ?? ""
        #expect(declaration.contains(#"errors: ErrorShape(code: "$.error_code", message: "$.error"),"#), "\(declaration)")
        let deadToken = try #require(document["paths"]?["/statuses/home_timeline"]?["get"]?["responses"]?["403"])
        #expect(deadToken["x-apicheck-missing-token"] == .bool(true))
        #expect(deadToken["description"]?.stringValue?.contains("missing") == true)
    }
}
