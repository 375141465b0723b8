@testable import APICheck
import Foundation
import Testing

/// A registry's blobs: `GET blobs/<digest>` answers a JSON config or a gzip layer, both as bytes
/// (`BinaryBody`). Each was a `not-json` error or a mock that was not the blob; now `live`
/// judges them by status and media type, `record` keeps their bytes, `mocks` takes them, replay
/// gives them back and the export writes a binary string.
@Suite struct BinaryAnswerRecordTests {
    static let layerType = "application/vnd.oci.image.layer.v1.tar+gzip"
    static let config = Endpoint<BinaryBody>(id: "blobs.config", .get, "blobs/config", mock: "config_blob")
    static let layer = Endpoint<BinaryBody>(
        id: "blobs.layer", .get, "blobs/layer", parameters: [.header("Accept", sample: .literal(.string(layerType)))],
        mock: "layer_blob")
    static let configBytes = Data(#"{"architecture":"amd64","os":"linux"}"#.utf8)
    static let layerBytes = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xFF, 0x00, 0x7B, 0x0A])

    struct Manifest: Decodable, Sendable { var schemaVersion: Int }
    static let manifest = Endpoint<Manifest>(id: "manifests.get", .get, "manifests/v1", mock: "manifest").recordingVerbatim()
    static let plain = Endpoint<Manifest>(id: "manifests.plain", .get, "manifests/plain", mock: "plain")
    static let manifestBytes = Data(#"{"schemaVersion":2,"config":{"size":37}}"#.utf8)

    struct Registry: Transport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            switch request.url.path {
            case "/blobs/config":
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: configBytes)
            case "/blobs/layer":
                return HTTPResponse(status: 200, headers: [("Content-Type", layerType)], body: layerBytes)
            default:
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: manifestBytes)
            }
        }
    }

    func record(_ api: API, into folder: URL) async -> MockRecording {
        await MockRecorder(
            api: api, transport: Registry(), options: LiveOptions(baseURL: URL(string: "http://registry.invalid/")!),
            directory: folder, force: false
        ).run()
    }

    @Test func blobsAreCheckedRecordedAndReplayedAsBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bytes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = API(name: "registry", envelope: .none, endpoints: [Self.config, Self.layer])
        let recording = await record(api, into: folder)
        let findings = recording.report.results.flatMap(\.findings) + recording.notRecorded
        #expect(findings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(try Data(contentsOf: folder.appendingPathComponent("config_blob.json")) == Self.configBytes)
        #expect(try Data(contentsOf: folder.appendingPathComponent("layer_blob.json")) == Self.layerBytes)
        let mocks = MockDirectory(folder, api: api)
        #expect(MockAudit(mocks: mocks).run().allFindings.filter { $0.severity == .error }.map(\.message) == [])

        let client = APIClient(api: api, transport: MockTransport(mocks: mocks))
        let replayed = try await client.send(Self.layer)
        #expect(replayed.content == Self.layerBytes && replayed.contentType == Self.layerType)
        #expect(try await client.send(Self.config) == BinaryBody(content: Self.configBytes, contentType: "application/octet-stream"))

        let document = try OpenAPIDocument(api: api, mocks: mocks).build().document
        let content = document["paths"]?["/blobs/layer"]?["get"]?["responses"]?["200"]?["content"]
        #expect(content?[Self.layerType]?["schema"]?["format"] == .string("binary"), "\(content?.compactText ?? "none")")
        // No type declared: the client takes any.
        #expect(document["paths"]?["/blobs/config"]?["get"]?["responses"]?["200"]?["content"]?["*/*"] != nil)
    }

    /// A manifest is named by the digest of its bytes: declared `recordingVerbatim()`, its mock is
    /// the server's bytes; another endpoint's is pretty-printed as before.
    @Test func aVerbatimEndpointKeepsTheServersBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-verbatim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = API(name: "registry", envelope: .none, endpoints: [Self.manifest, Self.plain])
        let recording = await record(api, into: folder)
        #expect(recording.files.flatMap(\.findings).map(\.message) == [])
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == Self.manifestBytes)
        let plain = try Data(contentsOf: folder.appendingPathComponent("plain.json"))
        #expect(plain != Self.manifestBytes)
        #expect(try JSONParser.parse(plain) == JSONParser.parse(Self.manifestBytes))
    }
}
