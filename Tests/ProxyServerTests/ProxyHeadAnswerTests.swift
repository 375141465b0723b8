import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A HEAD's answer is judged by its status, as `live` judges it: a registry's manifest HEAD
/// answered 200 is a success, one answered under an undeclared success status or with a server
/// error is found, and a 404 (the manifest is not there) is an outcome, as a GET's would be.
@Suite struct ProxyHeadAnswerTests {
    @Test func aHeadIsJudgedByItsStatus() async throws {
        let manifest = Endpoint<NoContent>(id: "manifests.head", .head, "{+name}/manifests/{reference}", mock: "manifest_head")
        let blob = Endpoint<NoContent>(id: "blobs.head", .head, "{+name}/blobs/{digest}", mock: "blob_head")
        let upstream = try TestServer { request in
            let status = ["v1": 200, "sha256:1": 204, "gone": 404, "broken": 500][
                request.path.split(separator: "/").last.map(String.init) ?? ""]
            return ServerResponse(status: status ?? 400, headers: [("Content-Type", "application/json")], body: Data())
        }
        defer { upstream.stop() }
        let api = API(name: "t", envelope: .none, endpoints: [manifest, blob])
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/"))
        defer { harness.stop() }
        for path in ["manifests/v1", "manifests/gone", "manifests/broken", "blobs/sha256:1"] {
            _ = try await harness.send(.head, "/team/app/\(path)")
        }
        await harness.settled(4)
        let outcomes = harness.proxy.report(startedAt: Date()).results.map { "\($0.endpoint): \($0.classification?.name ?? "")" }
        #expect(outcomes.contains { $0.hasPrefix("manifests.head") && $0.contains("success 1") }, "\(outcomes)")
        let found = harness.findings.map(\.finding)
        let messages = found.map { "\($0.endpoint ?? "") \($0.message)" }
        #expect(found.contains { $0.endpoint == "blobs.head" && $0.kind == .httpStatus && $0.found == "HTTP 204" }, "\(messages)")
        #expect(found.contains { $0.endpoint == "manifests.head" && $0.severity == .error && $0.found == "HTTP 500" }, "\(messages)")
        #expect(found.count == 2, "the 404 is an outcome: \(messages)")
    }
}
