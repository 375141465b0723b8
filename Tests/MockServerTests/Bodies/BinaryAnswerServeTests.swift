import APICheck
import Foundation
import MockServer
import Testing

/// A registry's blobs (`BinaryBody`): serve replays the mock's bytes as they are, a gzip layer and
/// a JSON config alike, in the declared media type or `application/octet-stream`; a manifest's
/// compact JSON keeps the bytes its digest names.
@Suite struct BinaryAnswerServeTests {
    static let layerType = "application/vnd.oci.image.layer.v1.tar+gzip"
    static let config = Endpoint<BinaryBody>(id: "blobs.config", .get, "blobs/config", mock: "config_blob")
    static let layer = Endpoint<BinaryBody>(
        id: "blobs.layer", .get, "blobs/layer", parameters: [.header("Accept", sample: .literal(.string(layerType)))],
        mock: "layer_blob")
    static let api = API(name: "registry", envelope: .none, endpoints: [config, layer])

    @Test func bytesAreServedAsTheyAreInTheirType() async throws {
        let configBytes = #"{"architecture":"amd64"}"#
        let layerBytes = Data([0x1F, 0x8B, 0x08, 0x00, 0xFF, 0xFE, 0x00, 0x7B])
        let mocks = try TemporaryMocks(files: ["config_blob.json": configBytes])
        defer { mocks.remove() }
        try layerBytes.write(to: mocks.url.appendingPathComponent("layer_blob.json"))
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let layer = try await harness.send(.get, "blobs/layer")
        #expect(layer.status == 200 && layer.body == layerBytes)
        #expect(layer.header("Content-Type") == Self.layerType, "\(layer.headers)")
        let config = try await harness.send(.get, "blobs/config")
        #expect(config.status == 200 && config.body == Data(configBytes.utf8))
        #expect(config.header("Content-Type") == "application/octet-stream", "\(config.headers)")
    }
}
