@testable import APICheck
import Foundation
import Testing

/// A read whose answer the document leaves without content may be JSON, nothing or a download:
/// Mayan EDMS's `documents/{id}/files/{id}/download/` answers the file itself (`text/plain`,
/// `application/pdf`). Declared `acceptingBytes()`, as `import-openapi` declares such a read, a
/// success in a media type that is not JSON is taken as it came: `live` finds no `not-json` on
/// the correct server, `record` keeps the bytes, `mocks` takes them, replay gives them back in
/// `application/octet-stream`, and the export writes no example of them. A JSON answer still
/// decodes, a body that claims to be JSON and is not is still found, and so is one without a
/// media type; an endpoint not so declared finds the download as before.
@Suite struct DownloadAnswerTests {
    static let download = Endpoint<JSONValue>(id: "files.download", .get, "files/1/download/", mock: "download", enveloped: false)
        .acceptingEmptyBody().acceptingBytes()
    static let strict = Endpoint<JSONValue>(id: "files.strict", .get, "files/1/strict/", mock: "strict", enveloped: false)
        .acceptingEmptyBody()
    static let api = API(name: "files", envelope: .none, endpoints: [download, strict])
    static let invoice = Data("Invoice 42: total 100 EUR\n".utf8)

    struct Fixed: Transport {
        let contentType: String?
        let body: Data
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body)
        }
    }

    func errors(_ endpoint: String, _ contentType: String?, _ body: Data) async -> [FindingKind] {
        let report = await LiveCheck(
            api: Self.api, transport: Fixed(contentType: contentType, body: body),
            options: LiveOptions(baseURL: URL(string: "http://files.invalid/")!, only: [endpoint], probes: false, errorChecks: false)
        ).run()
        return report.endpointResults.first { $0.endpoint == endpoint }?.findings.filter { $0.severity == .error }.map(\.kind) ?? []
    }

    @Test func aDownloadIsNoFindingWhereTheDeclarationTakesBytes() async {
        for type in ["text/plain", "application/pdf", "image/png", "application/zip", "text/csv; charset=utf-8"] {
            #expect(await errors("files.download", type, Self.invoice) == [], "\(type)")
        }
        #expect(await errors("files.download", "application/json", Data(#"{"id": 1}"#.utf8)) == [])
        #expect(await errors("files.download", "application/json", Data()) == [])
        // What claims to be JSON, or says nothing, is read as JSON still.
        #expect(await errors("files.download", "application/json", Self.invoice) == [.notJSON])
        #expect(await errors("files.download", nil, Self.invoice) == [.notJSON])
        // Not declared so, the download is no JSON answer.
        #expect(await errors("files.strict", "text/plain", Self.invoice) == [.notJSON])
    }

    @Test func theDownloadIsRecordedAuditedReplayedAndLeftOutOfTheExport() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = API(name: "files", envelope: .none, endpoints: [Self.download])
        let recording = await MockRecorder(
            api: api, transport: Fixed(contentType: "text/plain", body: Self.invoice),
            options: LiveOptions(baseURL: URL(string: "http://files.invalid/")!, probes: false), directory: folder, force: false
        ).run()
        let findings = recording.report.results.flatMap(\.findings) + recording.notRecorded
        #expect(findings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(try Data(contentsOf: folder.appendingPathComponent("download.json")) == Self.invoice)

        let mocks = MockDirectory(folder, api: api)
        let file = MockFileName(mock: "download", scenario: nil)
        #expect(mocks.holdsBytes(file, of: Self.download.erased))
        #expect(MockAudit(mocks: mocks).run().allFindings.filter { $0.severity == .error }.map(\.message) == [])
        let replayed = try await MockTransport(mocks: mocks).send(
            HTTPRequest(method: .get, url: URL(string: "http://files.invalid/files/1/download/")!, endpointID: "files.download"))
        #expect(replayed.body == Self.invoice && replayed.contentType == BinaryBody.defaultMediaType)

        let built = try OpenAPIDocument(api: api, mocks: mocks).build()
        let answer = built.document["paths"]?["/files/1/download/"]?["get"]?["responses"]?["200"]
        #expect(answer?["content"]?["application/json"]?["examples"] == nil, "\(answer?.compactText ?? "none")")
    }

    /// Superset's `image/*` thumbnails and Label Studio's `application/*` export download: the
    /// import asks for no type of them, and the export writes `*/*` back, which is the same client
    /// (`import-openapi --check` listed each as bytes that became `application/octet-stream`).
    @Test func bytesOfNoDeclaredTypeAreExportedAsAnyType() throws {
        let thumbnail = Endpoint<BinaryBody>(id: "thumbnail", .get, "thumbnail", mock: "thumbnail", enveloped: false)
        let api = API(
            name: "files", environments: ["prod": URL(string: "https://files.example/")!], envelope: .none, endpoints: [thumbnail])
        let exported = try OpenAPIDocument(api: api, mocks: nil).build().document
        let content = exported["paths"]?["/thumbnail"]?["get"]?["responses"]?["200"]?["content"]
        #expect(OpenAPISource.members(content).map(\.key) == ["*/*"], "\(content?.compactText ?? "none")")
        let document = try OpenAPIImport.parse(
            Data(
                #"""
                {"openapi": "3.0.3", "info": {"title": "files", "version": "1"}, "servers": [{"url": "https://files.example/"}],
                 "paths": {"/thumbnail": {"get": {"operationId": "thumbnail",
                   "responses": {"200": {"description": "a picture", "content": {"image/*": {"schema": {"type": "string", "format": "binary"}}}}}}}}}
                """#.utf8))
        #expect(OpenAPIComparison(old: document, new: exported).changes().map(\.description) == [])
    }
}
