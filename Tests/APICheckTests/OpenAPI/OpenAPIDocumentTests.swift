import APICheck
import Foundation
import Testing

/// The document's parts that depend on the API's policies: security schemes, servers, envelopes.
@Suite struct OpenAPIDocumentTests {
    struct Item: Decodable, Sendable { var id: Int }

    static let items = Endpoint<[Item]>(id: "items.list", .get, "items", mock: "items", auth: .token)
    static let raw = Endpoint<Item>(id: "item.raw", .get, "raw/{id}", parameters: [.path("id", .int)], mock: "raw", enveloped: false)

    func api(_ auth: AuthPolicy) -> API {
        API(
            name: "shop", environments: ["prod": URL(string: "https://shop.example.com/v1/")!],
            envelope: EnvelopePolicy(successCodes: [0, 1]), auth: auth, endpoints: [Self.items, Self.raw])
    }

    func build(_ api: API, servers: [String]? = nil) throws -> JSONValue {
        try OpenAPIDocument(api: api, servers: servers).build().document
    }

    @Test func noLoginMeansNoSecurity() throws {
        let document = try build(api(.noLogin))
        #expect(document["components"]?["securitySchemes"] == nil)
        #expect(document["paths"]?["/items"]?["get"]?["security"] == nil)
    }

    @Test func bearerHeaderIsHTTPBearer() throws {
        let document = try build(api(AuthPolicy(loginEndpoint: "items.list", tokenField: "token", placement: .bearer)))
        let scheme = document["components"]?["securitySchemes"]?["token"]
        #expect(scheme?["type"] == .string("http") && scheme?["scheme"] == .string("bearer"))
        #expect(document["paths"]?["/items"]?["get"]?["security"] != nil)
        #expect(document["paths"]?["/raw/{id}"]?["get"]?["security"] == nil)
    }

    @Test func otherHeaderIsAnAPIKeyInTheHeader() throws {
        let document = try build(
            api(AuthPolicy(loginEndpoint: "items.list", tokenField: "token", placement: .header("X-Token", prefix: ""))))
        let scheme = document["components"]?["securitySchemes"]?["token"]
        #expect(scheme?["in"] == .string("header") && scheme?["name"] == .string("X-Token"))
    }

    /// Auth that a variable turns off is said in the scheme: a reader of the document knows how
    /// the same server runs without it.
    @Test func theVariableThatTurnsTheAuthOffIsInTheScheme() throws {
        let document = try build(api(AuthPolicy.preIssued(variable: "SHOP_TOKEN", placement: .bearer).off(when: "SHOP_AUTH")))
        let description = try #require(document["components"]?["securitySchemes"]?["token"]?["description"]?.stringValue)
        #expect(description.contains("$SHOP_AUTH"), "\(description)")
        let always = try build(api(AuthPolicy.preIssued(variable: "SHOP_TOKEN", placement: .bearer)))
        #expect(always["components"]?["securitySchemes"]?["token"]?["description"]?.stringValue?.contains("Off when") == false)
    }

    @Test func serversFromEnvironmentsOrGiven() throws {
        #expect(
            try build(api(.noLogin))["servers"]
                == .array([.object([("url", .string("https://shop.example.com/v1")), ("description", .string("prod"))])]))
        #expect(
            try build(api(.noLogin), servers: ["http://127.0.0.1:9/x/"])["servers"]
                == .array([.object([("url", .string("http://127.0.0.1:9/x"))])]))
    }

    @Test func envelopeWrapsThePayloadWithTheSuccessCodes() throws {
        let document = try build(api(.noLogin))
        let schema = document["paths"]?["/items"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
        let success = schema?["anyOf"]?[0]?["allOf"]?[1]
        #expect(success?["properties"]?["code"]?["enum"] == .array([.number("0"), .number("1")]))
        #expect(success?["properties"]?["datas"]?["items"]?["$ref"] == .string("#/components/schemas/Item"))
        #expect(schema?["anyOf"]?[1]?["$ref"] == .string("#/components/schemas/EnvelopeFailure"))
        // A token endpoint answers the dead-token status too; the raw endpoint is its payload.
        #expect(document["paths"]?["/items"]?["get"]?["responses"]?["403"] != nil)
        let raw = document["paths"]?["/raw/{id}"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
        #expect(raw == .object([("$ref", .string("#/components/schemas/Item"))]))
    }

    /// Each declared success status is a response with the payload's schema.
    @Test func everySuccessStatusIsWritten() throws {
        struct Pet: Codable, Sendable { var id: Int }
        let put = Endpoint<Pet>(id: "pets.put", .put, "pets", mock: "pet").alsoSucceeding(with: 201)
        let document = try OpenAPIDocument(api: API(name: "pets", envelope: .none, endpoints: [put])).build().document
        let responses = try #require(document["paths"]?["/pets"]?["put"]?["responses"])
        let schema = { (status: String) in responses[status]?["content"]?["application/json"]?["schema"] }
        #expect(schema("200") == .object([("$ref", .string("#/components/schemas/Pet"))]))
        #expect(schema("201") == schema("200"))
    }

    /// Any JSON (`JSONValue`, what the import declares for a schema without a type) is the empty
    /// schema: a null, an array or a string meets it, as the server's answers do.
    @Test func anyJSONIsTheEmptySchema() throws {
        struct Holder: Codable, Sendable { var payload: JSONValue; var scopes: [JSONValue] }
        let any = Endpoint<JSONValue>(id: "any", .get, "any", mock: "any")
        let held = Endpoint<Holder>(id: "held", .get, "held", mock: "held")
        let document = try OpenAPIDocument(api: API(name: "t", envelope: .none, endpoints: [any, held])).build().document
        #expect(document["paths"]?["/any"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"] == .object([]))
        let holder = try #require(document["components"]?["schemas"]?["Holder"])
        #expect(holder["properties"]?["payload"] == .object([]), "\(holder)")
        #expect(holder["properties"]?["scopes"]?["items"] == .object([]), "\(holder)")
    }

    /// The empty mock of an endpoint that answers nothing (as import-openapi writes a 204's) is
    /// no example and no fault; a broken mock of another is still skipped, said.
    @Test func anEmptyMockOfNoContentIsNoFault() throws {
        struct Pet: Codable, Sendable { var id: Int }
        let remove = Endpoint<NoContent>(id: "pets.delete", .delete, "pets/1", mock: "pet_delete", successStatus: 204)
        let show = Endpoint<Pet>(id: "pets.show", .get, "pets/1", mock: "pet")
        let api = API(name: "t", envelope: .none, endpoints: [remove, show])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("pet_delete.json"))
        try Data().write(to: folder.appendingPathComponent("pet.json"))
        let built = try OpenAPIDocument(api: api, mocks: MockDirectory(folder, api: api)).build()
        #expect(built.skippedMocks.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["pet.json"])
        #expect(built.document["paths"]?["/pets/1"]?["delete"]?["responses"]?["204"]?["content"] == nil)
    }

    /// Alertmanager answers `POST /alerts` with 200 and no body, which the import declares
    /// `NoContent`: written as a `null` body, a re-import read it as a JSON answer to decode. A
    /// `NoContent` success has no content whatever its status; an envelope still wraps its
    /// empty payload.
    @Test func aNoContentSuccessOfAnyStatusHasNoContent() throws {
        let post = Endpoint<NoContent>(id: "alerts.post", .post, "alerts", mock: "alerts_post")
        let plain = try OpenAPIDocument(api: API(name: "t", envelope: .none, endpoints: [post])).build().document
        #expect(plain["paths"]?["/alerts"]?["post"]?["responses"]?["200"] == .object([("description", .string("Success: no content"))]))
        let wrapped = try OpenAPIDocument(api: API(name: "t", envelope: EnvelopePolicy(successCodes: [0]), endpoints: [post])).build()
            .document
        #expect(wrapped["paths"]?["/alerts"]?["post"]?["responses"]?["200"]?["content"] != nil)
    }

    struct Charts: EndpointGroup {
        static let tag: String? = "Charts"
        let list = Endpoint<JSONValue>(id: "get.api.v1.chart", .get, "api/v1/chart", mock: "charts")
    }

    struct Untagged: EndpointGroup {
        let show = Endpoint<JSONValue>(id: "get.api.v1.dashboard", .get, "api/v1/dashboard", mock: "dashboard")
        let me = Endpoint<JSONValue>(id: "me", .get, "me", mock: "me")
    }

    /// Superset's operations have no ids, so the import makes them of method and path
    /// (`get.api.v1.chart`): tagged by the id's first segment, every operation was tagged `get`,
    /// `post`... The group's tag (the document's, as the import names its groups) is the tag;
    /// without one, the id's first segment that is not a method.
    @Test func anOperationIsTaggedByItsGroupElseByItsIdButNeverByAMethod() throws {
        let api = API(name: "t", envelope: .none, endpoints: Charts().allEndpoints + Untagged().allEndpoints)
        let paths = try #require(try OpenAPIDocument(api: api).build().document["paths"])
        #expect(paths["/api/v1/chart"]?["get"]?["tags"] == .array([.string("Charts")]))
        #expect(paths["/api/v1/dashboard"]?["get"]?["tags"] == .array([.string("api")]))
        #expect(paths["/me"]?["get"]?["tags"] == nil)
    }
}
