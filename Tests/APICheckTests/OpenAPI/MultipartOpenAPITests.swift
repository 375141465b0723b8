import APICheck
import Foundation
import Testing

/// A multipart upload as OpenAPI: the body's type under `multipart/form-data`, its files as
/// binary strings, its sample as the example.
@Suite struct MultipartOpenAPITests {
    struct Upload: Codable, Sendable {
        var caption: String
        var pages: [FilePart]
        var cover: FilePart?
    }
    struct Stored: Decodable, Sendable { var id: Int }

    @Test func filesAreBinaryStringsUnderTheMultipartMediaType() throws {
        let sample = Upload(caption: "album", pages: [FilePart(filename: "1.png", contentType: "image/png", content: Data([1, 2]))])
        let upload = Endpoint<Stored>(id: "albums.add", .post, "albums", mock: "stored", body: .multipart(Upload.self, sample: sample))
        let api = API(name: "albums", envelope: .none, endpoints: [upload])
        let document = try OpenAPIDocument(api: api).build().document
        let media = try #require(document["paths"]?["/albums"]?["post"]?["requestBody"]?["content"]?["multipart/form-data"])
        #expect(media["schema"]?["$ref"] == .string("#/components/schemas/Upload"))
        let schema = try #require(document["components"]?["schemas"]?["Upload"])
        let binary = JSONValue.object([("type", .string("string")), ("format", .string("binary"))])
        #expect(schema["properties"]?["cover"]?["format"] == .string("binary"))
        #expect(schema["properties"]?["pages"]?["items"] == binary)
        #expect(schema["required"] == .array([.string("caption"), .string("pages")]))
        #expect(media["example"]?["pages"]?[0]?["filename"] == .string("1.png"))
    }

    @Test func aBinaryBodyIsABinaryStringUnderItsMediaType() throws {
        let avatar = Endpoint<Stored>(
            id: "avatar.put", .put, "avatar", mock: "stored", body: .binary(contentType: "image/png", sample: FilePart(content: Data([1]))))
        let document = try OpenAPIDocument(api: API(name: "avatars", envelope: .none, endpoints: [avatar])).build().document
        let content = try #require(document["paths"]?["/avatar"]?["put"]?["requestBody"]?["content"])
        #expect(
            content
                == .object([("image/png", .object([("schema", .object([("type", .string("string")), ("format", .string("binary"))]))]))]))
    }
}
