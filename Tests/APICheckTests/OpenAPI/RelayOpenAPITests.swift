import APICheck
import Foundation
import RelayExample
import Testing

/// The second example API as OpenAPI: its error shape, its statuses (201, an empty 204), its
/// own envelope on two endpoints, a sum-typed field walked on every branch, a tuple, a map.
@Suite struct RelayOpenAPITests {
    static func document() throws -> JSONValue {
        try OpenAPIDocument(api: Relay.api, mocks: MockDirectory(Relay.mocks, api: Relay.api)).build().document
    }

    static func responses(_ document: JSONValue, _ path: String, _ method: String) -> JSONValue? {
        document["paths"]?[path]?[method]?["responses"]
    }

    @Test func statusesAndTheErrorShape() throws {
        let document = try Self.document()
        let send = try #require(Self.responses(document, "/rooms/{roomId}/messages", "post"))
        #expect(send["201"] != nil)
        #expect(send["200"] == nil)
        #expect(send["404"]?["content"]?["application/json"]?["schema"] == .object([("$ref", .string("#/components/schemas/Error"))]))
        let read = try #require(Self.responses(document, "/rooms/{roomId}/read_markers", "post"))
        #expect(read["204"] == .object([("description", .string("Success: no content"))]))
        let login = try #require(Self.responses(document, "/login", "post"))
        #expect(login["403"]?["content"]?["application/json"]?["examples"]?["wrong_password"] != nil)
        #expect(document["components"]?["schemas"]?["Error"]?["required"] == .array([.string("errcode")]))
        // No envelope component for an API without one; the metrics endpoints carry their own.
        #expect(document["components"]?["schemas"]?["Envelope"] == nil)
        let query = try #require(Self.responses(document, "/api/v1/query", "get")?["200"]?["content"]?["application/json"]?["schema"])
        #expect(query.compactText.contains(#""status":{"enum":["success"]}"#))
        #expect(query.compactText.contains(#""oneOf""#))
    }

    @Test func sumTypesTuplesAndMaps() throws {
        let schemas = try #require(try Self.document()["components"]?["schemas"])
        // The topic is a string or an object: both branches, not the first one only.
        let topic = try #require(schemas["RoomState"]?["properties"]?["topic"])
        #expect(topic["anyOf"]?[0] == .object([("type", .string("string"))]))
        #expect(topic["anyOf"]?[1]?["properties"]?["format"] != nil)
        // A map's keys are data: additionalProperties, not one property per key.
        #expect(
            schemas["Members"]?["properties"]?["joined"]?["additionalProperties"]
                == .object([("$ref", .string("#/components/schemas/Member"))]))
    }

    struct Pair: Decodable, Sendable {
        var time: Double
        var label: String
        init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            time = try container.decode(Double.self)
            label = try container.decode(String.self)
        }
    }

    /// Any JSON value: null, a bool, a number, a string, an array or an object.
    enum AnyJSON: Decodable, Sendable {
        case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([AnyJSON].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: AnyJSON].self))
            }
        }
    }

    struct Holder: Decodable, Sendable { var pair: Pair; var extra: AnyJSON }

    @Test func aTupleIsPrefixItemsAndAnyJSONIsTheEmptySchema() throws {
        let recorder = SchemaRecorder()
        _ = try recorder.schema(for: Holder.self)
        let holder = try #require(recorder.components["Holder"])
        #expect(
            holder["properties"]?["pair"]
                == .object([
                    ("type", .string("array")),
                    (
                        "prefixItems",
                        .array([
                            .object([("type", .string("number")), ("format", .string("double"))]), .object([("type", .string("string"))]),
                        ])
                    ),
                    ("minItems", .number("2")), ("maxItems", .number("2")),
                ]))
        #expect(holder["properties"]?["extra"] == .object([("$ref", .string("#/components/schemas/AnyJSON"))]))
        #expect(recorder.components["AnyJSON"] == .object([]))
    }

    /// A payload chosen by `kind`, without a schema of its own.
    struct Shape: Decodable, Sendable {
        var kind: String
        var size: Double
        private enum Keys: String, CodingKey { case kind, radius, side }
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            kind = try container.decode(String.self, forKey: .kind)
            switch kind {
            case "circle": size = try container.decode(Double.self, forKey: .radius)
            case "square": size = try container.decode(Double.self, forKey: .side)
            default: throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind \(kind)")
            }
        }
    }

    @Test func aDiscriminatedPayloadIsOneOfTheMocksBranches() throws {
        let recorder = SchemaRecorder()
        // Without values from the mocks it cannot be walked: the error names the type.
        #expect(throws: SchemaRecordingError.self) { _ = try recorder.schema(for: Shape.self) }
        let withMocks = SchemaRecorder()
        withMocks.sampleStrings = ["kind": ["circle", "square"]]
        #expect(try withMocks.schema(for: Shape.self) == .object([("$ref", .string("#/components/schemas/Shape"))]))
        let branches = try #require(withMocks.components["Shape"]?["oneOf"])
        #expect(branches[0]?["properties"]?["kind"] == .object([("type", .string("string")), ("const", .string("circle"))]))
        #expect(branches[0]?["required"] == .array([.string("kind"), .string("radius")]))
        #expect(branches[1]?["properties"]?["side"] != nil)
    }

    /// A typed body's schema comes from its type, `required` as its decoding reads it; the sample
    /// is the example with the password masked; a form body has the form media type.
    @Test func typedRequestBodies() throws {
        let document = try Self.document()
        let login = try #require(document["paths"]?["/login"]?["post"]?["requestBody"]?["content"]?["application/json"])
        #expect(login["schema"] == .object([("$ref", .string("#/components/schemas/PasswordLogin"))]))
        #expect(login["example"]?["password"] == .string("***"))
        let schemas = try #require(document["components"]?["schemas"])
        #expect(schemas["PasswordLogin"]?["required"] == .array([.string("type"), .string("identifier"), .string("password")]))
        #expect(
            schemas["PasswordLogin"]?["properties"]?["initial_device_display_name"]?["type"]
                == .array([.string("string"), .string("null")]))
        #expect(schemas["Identifier"]?["required"] == .array([.string("type"), .string("user")]))
        let series = try #require(
            document["paths"]?["/api/v1/series"]?["post"]?["requestBody"]?["content"]?["application/x-www-form-urlencoded"])
        #expect(series["schema"]?["$ref"] == .string("#/components/schemas/SeriesForm"))
        #expect(series["encoding"]?["match"] == .object([("style", .string("form")), ("explode", .bool(true))]))
        #expect(schemas["SeriesForm"]?["required"] == .array([.string("match")]))
    }
}
