@testable import APICheck
import Foundation
import TestSupport
import Testing

/// An answer that is bytes (a blob, an image, a text file) is `Endpoint<BinaryBody>`, asked for in
/// the document's media types; its mock is the text example or empty, which `mocks` takes; and
/// the export writes it back as the same binary content, so `import-openapi --check` of the
/// re-export finds nothing changed. JSON offered beside bytes stays JSON.
@Suite struct BinaryAnswerImportTests {
    static func answer(_ content: String) -> String {
        #"{"200": {"description": "ok", "content": {\#(content)}}, "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}"#
    }

    static let layerType = "application/vnd.oci.image.layer.v1.tar+gzip"
    static let paths = """
        "/v2/{name}/blobs/{digest}": {"get": {"operationId": "getBlob", "tags": ["blobs"],
          "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
                         {"name": "digest", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": \(answer(#""application/octet-stream": {"schema": {"type": "string", "format": "binary"}}"#))}},
        "/layers/{digest}": {"get": {"operationId": "getLayer", "tags": ["blobs"],
          "parameters": [{"name": "digest", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": \(answer(#""\#(layerType)": {"schema": {"type": "string", "format": "binary"}}, "application/gzip": {}"#))}},
        "/avatar": {"get": {"operationId": "avatar", "tags": ["blobs"],
          "responses": \(answer(#""image/png": {"schema": {"type": "string", "contentEncoding": "base64"}}, "image/*": {}"#))}},
        "/logs": {"get": {"operationId": "logs", "tags": ["blobs"],
          "responses": \(answer(#""text/plain": {"schema": {"type": "string"}, "example": "line 1\nline \"2\""}"#))}},
        "/report": {"get": {"operationId": "report", "tags": ["blobs"],
          "responses": \(answer(#""application/json": {"schema": {"type": "object", "properties": {"id": {"type": "integer"}}}}, "application/pdf": {"schema": {"type": "string", "format": "binary"}}"#))}}
        """

    @Test func bytesAreBinaryBodyAskedForInTheDocumentsTypes() throws {
        let fixture = try ImportFixture(paths: Self.paths)
        let blobs = fixture.group("BlobsEndpoints")
        for name in ["getBlob", "getLayer", "avatar", "logs"] {
            #expect(blobs.contains("public let \(name) = Endpoint<BinaryBody>("), "\(name): \(blobs)")
        }
        #expect(blobs.contains(#".header("Accept", sample: .literal("application/octet-stream"))"#), "\(blobs)")
        #expect(blobs.contains(#".header("Accept", sample: .literal("\#(Self.layerType), application/gzip"))"#), "\(blobs)")
        // A range names no type an answer comes in.
        #expect(blobs.contains(#".header("Accept", sample: .literal("image/png"))"#), "\(blobs)")
        #expect(blobs.contains(#".header("Accept", sample: .literal("text/plain"))"#), "\(blobs)")
        #expect(fixture.file("mocks/getBlob.json") == "" && fixture.file("mocks/logs.json") == "line 1\nline \"2\"")
        #expect(fixture.file("mocks/.made-up")?.contains("getBlob.json") == true)
        #expect(fixture.file("mocks/.made-up")?.contains("logs.json") == false)
        // JSON beside bytes stays JSON, asked for with Accept, and the note says so.
        #expect(blobs.contains("public let report = Endpoint<ReportResponse>("), "\(blobs)")
        #expect(
            fixture.notes.contains {
                $0.contains("~1report/get/responses/200/content: the answer is offered as application/pdf too: declared application/json")
            }, "\(fixture.notes)")
    }

    @Test func swaggersFileIsBytesInTheTypesItProduces() throws {
        let text = #"""
            {"swagger": "2.0", "info": {"title": "Files", "version": "1"}, "host": "files.example", "produces": ["application/json"],
             "paths": {
               "/files/{id}/download": {"get": {"operationId": "download", "produces": ["application/octet-stream"],
                 "parameters": [{"name": "id", "in": "path", "required": true, "type": "string"}],
                 "responses": {"200": {"description": "the file", "schema": {"type": "file"}}}}},
               "/export": {"get": {"operationId": "export", "responses": {"200": {"description": "the file", "schema": {"type": "file"}}}}}
             }}
            """#
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        let group = ImportFixture(result: result).group("DefaultEndpoints")
        #expect(group.contains("public let download = Endpoint<BinaryBody>("), "\(group)")
        #expect(group.contains(#".header("Accept", sample: .literal("application/octet-stream"))"#), "\(group)")
        // A file under the document's JSON `produces` is bytes all the same, asked for in no type.
        #expect(group.contains("public let export = Endpoint<BinaryBody>("), "\(group)")
        #expect(group.components(separatedBy: #".header("Accept""#).count == 2, "\(group)")
    }

    /// The declarations the import writes for the blob, the layer and the text file, declared by
    /// hand: their export, imported again, is the document it came from.
    @Test func theExportOfTheImportedBytesIsTheSameContent() throws {
        let blob = Endpoint<BinaryBody>(
            id: "getBlob", .get, "v2/{name}/blobs/{digest}",
            parameters: [
                .path("name", .string, sample: .literal(.string("a"))), .path("digest", .string, sample: .literal(.string("b"))),
                .header("Accept", sample: .literal(.string("application/octet-stream"))),
            ], mock: "getBlob")
        let layer = Endpoint<BinaryBody>(
            id: "getLayer", .get, "layers/{digest}",
            parameters: [
                .path("digest", .string, sample: .literal(.string("b"))),
                .header("Accept", sample: .literal(.string("\(Self.layerType), application/gzip"))),
            ], mock: "getLayer")
        let logs = Endpoint<BinaryBody>(
            id: "logs", .get, "logs", parameters: [.header("Accept", sample: .literal(.string("text/plain")))], mock: "logs")
        let api = API(
            name: "blobs", environments: ["prod": URL(string: "https://api.shop.example/")!], envelope: .none,
            endpoints: [blob, layer, logs])
        let folder = try TemporaryFolder("binary-round-trip")
        defer { folder.remove() }
        for (name, body) in ["getBlob.json": "", "getLayer.json": "\u{1F}\u{8B}", "logs.json": "line 1"] {
            try Data(body.utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(MockAudit(api: api, directory: folder.url).run().allFindings.filter { $0.severity == .error }.isEmpty)
        let exported = try OpenAPIDocument(api: api, mocks: MockDirectory(folder.url, api: api)).build().document
        let document = try OpenAPIImport.parse(Data(ImportFixture.text(paths: Self.paths).utf8))
        // The error answers are the import's to map (its not_found scenarios), left out here.
        let changes = OpenAPIComparison(old: document, new: exported).changes().filter {
            ["GET /v2/{name}/blobs/{digest}", "GET /layers/{digest}", "GET /logs"].contains($0.subject) && $0.kind != .statusRemoved
        }
        #expect(changes.isEmpty, "\(changes.map(\.description))")
        let content = exported["paths"]?["/layers/{digest}"]?["get"]?["responses"]?["200"]?["content"]
        #expect(OpenAPISource.members(content).map(\.key) == [Self.layerType, "application/gzip"], "\(content?.compactText ?? "")")
    }
}
