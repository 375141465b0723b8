@testable import APICheck
import Foundation
import TestSupport
import Testing

/// `import-openapi` of `apicheck openapi`'s document of an API declared by hand, in the Docker
/// registry's manner, gives back what the declarations say: a HEAD's `Accept`, an error shape
/// whose code sits in an array (`$.errors[0].code`), a name that spans segments (`{+name}`) and
/// a list paged by its `Link` header.
@Suite struct RegistryRoundTripTests {
    struct TagList: Codable, Sendable {
        var name: String
        var tags: [String]
    }

    static let manifestType = "application/vnd.docker.distribution.manifest.v2+json"
    static let tags = Endpoint<TagList>(
        id: "tags.list", .get, "{+name}/tags/list",
        parameters: [
            .path("name", .string, sample: .literal("team/app")), .query("n", .int, sample: .literal(2)), .query("last", .string),
        ],
        mock: "tags", auth: .token, paging: .link(ids: "$.tags[*]", size: "n"),
        errorChecks: [.scenario("name_unknown", status: 404, code: "NAME_UNKNOWN", inputs: ["name": "no/such-repo"])])
    static let manifestHead = Endpoint<NoContent>(
        id: "manifests.head", .head, "{+name}/manifests/{reference}",
        parameters: [
            .path("name", .string, sample: .literal("team/app")), .path("reference", .string, sample: .literal("v1")),
            .header("Accept", sample: .literal(.string(manifestType))),
        ],
        mock: "manifest_head", auth: .token)
    static let api = API(
        name: "registry", environments: ["staging": URL(string: "http://127.0.0.1:5099/v2/")!], envelope: .none,
        errors: ErrorShape(code: "$.errors[0].code", message: "$.errors[0].message"), expired: [.status(401)],
        auth: .basic(accountVariable: "REGISTRY_ACCOUNT", passwordVariable: "REGISTRY_PASSWORD"),
        endpoints: [tags, manifestHead])

    static let nameUnknown = #"{"errors": [{"code": "NAME_UNKNOWN", "message": "repository name not known to registry"}]}"#
    static let mocks = [
        "tags.json": #"{"name": "team/app", "tags": ["v0", "v1"]}"#, "tags@name_unknown.404.json": nameUnknown,
        "tags@expired.json": "{}", "manifest_head.json": "", "manifest_head@expired.json": "{}",
    ]

    /// The document, and the package `import-openapi` makes of it: its files' text and its notes.
    static func roundTrip() throws -> (document: JSONValue, package: String, files: Set<String>, notes: [String]) {
        let folder = try TemporaryFolder("registry-round-trip")
        defer { folder.remove() }
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        let document = try OpenAPIDocument(api: api, mocks: MockDirectory(folder.url, api: api)).build().document
        let settings = OpenAPIImport.Settings(
            name: "reimport", typeName: "Reimport", moduleName: "ReimportContracts", variablePrefix: "REIMPORT", baseURL: nil)
        let result = try OpenAPIImport(settings: settings).run(document)
        let package = result.files.filter { $0.path.hasSuffix(".swift") }.map(\.text).joined(separator: "\n")
        return (document, package, Set(result.files.map(\.path)), result.notes.map(\.description))
    }

    @Test func aHeadKeepsTheMediaTypeItAsksFor() throws {
        let trip = try Self.roundTrip()
        let head = try #require(trip.document["paths"]?["/{name}/manifests/{reference}"]?["head"])
        #expect(head["parameters"]?.compactText.contains(#""name":"Accept""#) == true, "\(head.compactText)")
        #expect(trip.package.contains(#".header("Accept", .string, sample: .literal("\#(Self.manifestType)"))"#), "\(trip.package)")
        // The GET's content says the type: there OpenAPI's rule holds, and no parameter is written.
        let list = try #require(trip.document["paths"]?["/{name}/tags/list"]?["get"])
        #expect(list["parameters"]?.compactText.contains("Accept") == false, "\(list.compactText)")
    }

    @Test func anErrorCodeInAnArrayIsTheArraysItemsAndComesBack() throws {
        let trip = try Self.roundTrip()
        let schema = try #require(trip.document["components"]?["schemas"]?["Error"])
        let errors = try #require(schema["properties"]?["errors"])
        #expect(errors["type"] == .string("array") && errors["minItems"] == .number("1"), "\(schema.compactText)")
        #expect(errors["items"]?["required"] == .array([.string("code")]), "\(schema.compactText)")
        #expect(errors["items"]?["properties"]?["message"] == JSONSchema.type("string"), "\(schema.compactText)")
        let fit = ExampleFit(source: OpenAPISource(root: trip.document))
        let example = try JSONParser.parse(Data(Self.nameUnknown.utf8))
        #expect(fit.describe(example, JSONSchema.ref(OpenAPIDocument.errorComponent)) == nil)
        #expect(trip.package.contains(#"errors: ErrorShape(code: "$.errors[0].code", message: "$.errors[0].message"),"#), "\(trip.package)")
        #expect(trip.files.contains("mocks/tags.list@name_unknown.404.json"), "\(trip.files.sorted())")
    }

    @Test func aNameThatSpansSegmentsComesBackSpanning() throws {
        let trip = try Self.roundTrip()
        #expect(trip.package.contains(#""{+name}/tags/list""#), "\(trip.package)")
        #expect(trip.package.contains(#""{+name}/manifests/{reference}""#), "\(trip.package)")
        #expect(!trip.package.contains(#""{name}/"#), "\(trip.package)")
    }

    @Test func aListPagedByItsLinkHeaderSaysSoAndTheImportNamesTheDeclaration() throws {
        let trip = try Self.roundTrip()
        let ok = try #require(trip.document["paths"]?["/{name}/tags/list"]?["get"]?["responses"]?["200"])
        #expect(ok["headers"]?["Link"]?["schema"] == JSONSchema.type("string"), "\(ok.compactText)")
        #expect(trip.document["paths"]?["/{name}/manifests/{reference}"]?["head"]?["responses"]?["200"]?["headers"] == nil)
        #expect(
            trip.notes.contains {
                $0.contains(#"tags.list answers with the next page's `Link` header: declare `paging: .link(ids: "$.tags[*]", size: "n")`"#)
            },
            "\(trip.notes)")
    }

    @Test func anUndeclaredSummaryIsNoTypeName() throws {
        let trip = try Self.roundTrip()
        let list = try #require(trip.document["paths"]?["/{name}/tags/list"]?["get"])
        #expect(list["summary"] == nil, "\(list.compactText)")
        #expect(list["description"] == .string("TagList"), "\(list.compactText)")
        #expect(!trip.package.contains(".summarized("), "\(trip.package)")
    }
}
