@testable import APICheck
import Foundation
import TestSupport
import Testing

/// The export where real servers' answers differ from the examples (issue 29's OpenAPI defects):
/// each case's schema admits every mock (ci/openapi-check validates the golden document's
/// examples with jsonschema), and what the schema leaves out is said.
@Suite struct OpenAPIExportCasesTests {
    static func built() throws -> (document: JSONValue, warnings: [String]) {
        let folder = try ExportCasesAPI.mockFolder()
        defer { folder.remove() }
        let built = try OpenAPIDocument(api: ExportCasesAPI.api, mocks: MockDirectory(folder.url, api: ExportCasesAPI.api)).build()
        return (built.document, built.warnings)
    }

    static func schema(_ document: JSONValue, _ path: String, _ method: String = "get") -> JSONValue? {
        document["paths"]?[path]?[method]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
    }

    @Test func theDocumentMatchesItsGoldenFile() throws {
        try GoldenFile.expect(
            try Self.built().document.prettyText + "\n", "export-cases.openapi.json",
            in: RepositoryPaths.root.appendingPathComponent("Tests/APICheckTests/Golden"))
    }

    /// An answer that fits both endpoints on `GET feed` (and their shared failure envelope) must
    /// not be refused, as `oneOf` would: the branches are `anyOf`, each once.
    @Test func twoEndpointsOnOneRouteAreAnyOfTheirSchemas() throws {
        let schema = try #require(Self.schema(try Self.built().document, "/feed"))
        #expect(schema["oneOf"] == nil)
        guard case let .array(branches)? = schema["anyOf"] else { Issue.record("no anyOf: \(schema.compactText)"); return }
        #expect(branches.count == 3)
        #expect(branches[1] == .object([("$ref", .string("#/components/schemas/EnvelopeFailure"))]))
        #expect(branches[2].compactText.contains("DeltaFeed"))
    }

    /// The enum's every case is a branch, its value a `const`: the second case's mock fits.
    @Test func anEnumFieldThatChoosesTheShapeGivesEveryBranch() throws {
        let drawing = try #require(try Self.built().document["components"]?["schemas"]?["Drawing"])
        #expect(drawing["oneOf"]?[0]?["properties"]?["kind"] == .object([("type", .string("string")), ("const", .string("circle"))]))
        #expect(drawing["oneOf"]?[0]?["required"] == .array([.string("kind"), .string("radius")]))
        #expect(drawing["oneOf"]?[1]?["properties"]?["kind"]?["const"] == .string("square"))
        #expect(drawing["oneOf"]?[1]?["required"] == .array([.string("kind"), .string("side")]))
        // No branch refers to the enum's own component, so there is none.
        #expect(try Self.built().document["components"]?["schemas"]?["Kind"] == nil)
    }

    /// Every declared value is a branch, whichever endpoint's mocks hold it; nothing to warn of.
    @Test func aDeclaredStringFieldGivesEveryDeclaredBranch() throws {
        let built = try Self.built()
        let answer = try #require(built.document["components"]?["schemas"]?["QueryAnswer"])
        #expect(answer["oneOf"]?[0]?["properties"]?["resultType"]?["const"] == .string("vector"))
        #expect(answer["oneOf"]?[0]?["properties"]?["result"]?["type"] == .string("array"))
        #expect(answer["oneOf"]?[1]?["properties"]?["resultType"]?["const"] == .string("scalar"))
        #expect(!built.warnings.contains { $0.contains("QueryAnswer") })
    }

    /// Without a declaration, the values come from every endpoint's mocks (not the first one's
    /// for all that share the type), and the command says that others are not in the schema.
    @Test func anUndeclaredStringFieldTakesEveryMocksValuesAndWarns() throws {
        let built = try Self.built()
        let reading = try #require(built.document["components"]?["schemas"]?["Reading"])
        #expect(reading["oneOf"]?[0]?["properties"]?["unit"]?["const"] == .string("celsius"))
        #expect(reading["oneOf"]?[1]?["properties"]?["unit"]?["const"] == .string("label"))
        let warning = try #require(built.warnings.first { $0.contains("(Reading)") })
        #expect(
            warning.contains("`unit`") && warning.contains("(celsius, label) only") && warning.contains("OpenAPIDiscriminatorProviding"))
    }

    /// A nested property whose type states its schema takes that schema, and the type holding it
    /// gets a value made from the schema's example, not from the made-up values it refuses.
    @Test func aNestedTypeThatStatesItsSchemaIsNotWalked() throws {
        let palette = try #require(try Self.built().document["components"]?["schemas"]?["Palette"])
        #expect(palette["properties"]?["main"] == ExportCasesAPI.Colour.openAPISchema)
        #expect(palette["required"] == .array([.string("name"), .string("main")]))
    }

    struct Shade: Decodable, Sendable, OpenAPISchemaProviding {
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "never"))
        }

        static var openAPISchema: JSONValue { .object([("type", .string("string"))]) }
    }

    struct Swatch: Decodable, Sendable { var shade: Shade }

    /// When no value of it can be made, the error says what to do, not to adopt the protocol the
    /// type already adopts.
    @Test func aNestedTypeThatStatesItsSchemaButDecodesNoValueIsNamed() {
        do {
            _ = try SchemaRecorder().schema(for: Swatch.self)
            Issue.record("no error")
        } catch {
            #expect(error.path == "Swatch.shade" && error.type == "Shade")
            #expect(error.reason.contains(#"put an "example" its init(from:) decodes"#))
            #expect(!error.reason.contains("adopt OpenAPISchemaProviding"))
        }
    }

    /// The union's discriminator maps each value to its branch: `cat` from the mocks and the
    /// branch's one-value tag, `dog` from the branch's name. The tag is `enum: [value]`.
    @Test func aUnionsDiscriminatorHasItsMapping() throws {
        let schemas = try #require(try Self.built().document["components"]?["schemas"])
        #expect(
            schemas["Animal"]?["discriminator"]
                == .object([
                    ("propertyName", .string("kind")),
                    ("mapping", .object([("cat", .string("#/components/schemas/Cat")), ("dog", .string("#/components/schemas/Dog"))])),
                ]))
        #expect(schemas["Tag"] == .object([("type", .string("string")), ("enum", .array([.string("cat")]))]))
        // The candidates no branch takes reached the union's fallback; its walk left nothing.
        #expect(schemas["JSONValue"] == nil)
    }

    enum Pet: Decodable, Sendable, OpenAPIOneOfProviding {
        case dog(ExportCasesAPI.Dog), bird(Bird), unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: OneOfDecoding.Key.self)
            switch try container.decode(String.self, forKey: OneOfDecoding.Key("kind")) {
            case "dog": self = .dog(try decoder.singleValueContainer().decode(ExportCasesAPI.Dog.self))
            case "winged-thing": self = .bird(try decoder.singleValueContainer().decode(Bird.self))
            default: self = .unknown(try decoder.singleValueContainer().decode(JSONValue.self))
            }
        }

        static var openAPIBranches: [any Decodable.Type] { [ExportCasesAPI.Dog.self, Bird.self] }
        static var openAPIDiscriminator: String { "kind" }
    }

    struct Bird: Decodable, Sendable { var kind: String }

    /// A branch no known value selects: no mapping rather than one that leaves it out, and a
    /// warning naming it.
    @Test func aUnionWithABranchNoValueSelectsHasNoMappingAndAWarning() throws {
        let recorder = SchemaRecorder()
        _ = try recorder.schema(for: Pet.self)
        #expect(recorder.components["Pet"]?["discriminator"] == .object([("propertyName", .string("kind"))]))
        #expect(
            recorder.warnings == [
                "Pet (Pet): no value of `kind` in the mocks, the branches' schemas or names selects Bird: its discriminator has no mapping"
            ])
        let withMocks = SchemaRecorder()
        withMocks.sampleStrings = ["kind": ["winged-thing"]]
        _ = try withMocks.schema(for: Pet.self)
        #expect(withMocks.components["Pet"]?["discriminator"]?["mapping"]?["winged-thing"] == .string("#/components/schemas/Bird"))
        #expect(withMocks.warnings.isEmpty)
    }

    @Test func typeNamesAreSpelledAsTags() {
        #expect(
            SchemaRecorder.spellings(of: "Outer.DoNothing") == [
                "DoNothing", "doNothing", "donothing", "do-nothing", "do_nothing", "DO_NOTHING",
            ])
        #expect(SchemaRecorder.spellings(of: "Dog") == ["Dog", "dog", "DOG"])
    }
}
