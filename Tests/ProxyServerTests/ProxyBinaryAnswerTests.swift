import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A registry's `GET blobs/<digest>` through the proxy, declared `BinaryBody`: a JSON config and
/// a gzip layer on the one route both pass, judged by status and media type; an error still
/// comes in the API's error shape, and a type the endpoint does not declare is said.
@Suite struct ProxyBinaryAnswerTests {
    @Test func blobsPassWhateverTheirBytes() async throws {
        let blob = Endpoint<BinaryBody>(id: "blobs.get", .get, "{+name}/blobs/{digest}", mock: "blob")
        let typed = Endpoint<BinaryBody>(
            id: "blobs.typed", .get, "typed/{digest}", parameters: [.header("Accept", .string).allowing(["application/x-tar"])],
            mock: "typed")
        let upstream = try TestServer { request in
            switch request.path.split(separator: "/").last {
            case "sha256:config"?:
                return ServerResponse(
                    status: 200, headers: [("Content-Type", "application/octet-stream")], body: Data(#"{"os":"linux"}"#.utf8))
            case "sha256:layer"?:
                return ServerResponse(
                    status: 200, headers: [("Content-Type", "application/octet-stream")], body: Data([0x1F, 0x8B, 0x08, 0xFF]))
            case "sha256:other"?:
                return ServerResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data("x".utf8))
            default:
                return ServerResponse(
                    status: 404, headers: [("Content-Type", "application/json")],
                    body: Data(#"{"errors":[{"code":"BLOB_UNKNOWN","message":"blob unknown"}]}"#.utf8))
            }
        }
        defer { upstream.stop() }
        let api = API(
            name: "registry", envelope: .none, errors: ErrorShape(code: "$.errors[0].code", message: "$.errors[0].message"),
            endpoints: [blob, typed])
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/"))
        defer { harness.stop() }
        for path in ["team/app/blobs/sha256:config", "team/app/blobs/sha256:layer", "team/app/blobs/sha256:none", "typed/sha256:other"] {
            _ = try await harness.send("/" + path)
        }
        await harness.settled(4)
        let found = harness.findings.map(\.finding)
        #expect(!found.contains { $0.severity != .info }, "\(found.map(\.message))")
        #expect(found.contains { $0.endpoint == "blobs.typed" && $0.kind == .contentType && $0.found == "text/plain" })
        let outcomes = harness.proxy.report(startedAt: Date()).results.map { "\($0.endpoint): \($0.classification?.name ?? "")" }
        #expect(
            outcomes.contains { $0.hasPrefix("blobs.get") && $0.contains("success 2") && $0.contains("BLOB_UNKNOWN\") 1") }, "\(outcomes)")
    }

    /// Mayan EDMS's document file download, which the document leaves without content: declared
    /// `acceptingBytes()`, its `text/plain` file is a success judged by its status, whatever the
    /// client asked for, and never parsed; a body that claims JSON and is none is still found.
    @Test func aDownloadOfAnEndpointThatTakesBytesPasses() async throws {
        let download = Endpoint<JSONValue>(id: "files.download", .get, "files/{id}/download/", mock: "download", enveloped: false)
            .acceptingEmptyBody().acceptingBytes()
        let upstream = try TestServer { request in
            request.path.contains("/2/")
                ? ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data("Invoice 42".utf8))
                : ServerResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data("Invoice 42".utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: API(name: "files", envelope: .none, endpoints: [download]), upstream: upstream.url("/"))
        defer { harness.stop() }
        _ = try await harness.send("/files/1/download/", headers: [("Accept", "application/json")])
        _ = try await harness.send("/files/1/download/", headers: [("Accept", "text/plain")])
        _ = try await harness.send("/files/2/download/", headers: [("Accept", "application/json")])
        await harness.settled(3)
        let errors = harness.findings.map(\.finding).filter { $0.severity == .error }
        #expect(errors.map(\.kind) == [.notJSON], "\(errors.map(\.message))")
        // Judged as a success by its status, whatever the client asked for: not passed on unchecked.
        let outcomes = harness.proxy.report(startedAt: Date()).results.map { $0.classification?.name ?? "" }
        #expect(outcomes == ["3 exchanges: success 2, not-json 1"], "\(outcomes)")
    }
}
