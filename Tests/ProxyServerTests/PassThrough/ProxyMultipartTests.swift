import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// An app's file upload (`multipart/form-data`) through the proxy is checked by the type its
/// endpoint declares, part by part, and reaches the upstream byte for byte.
@Suite struct ProxyMultipartTests {
    struct Upload: Codable, Sendable {
        var caption: String
        var rating: Int
        var image: FilePart
    }
    struct Stored: Decodable, Sendable { var id: Int }

    static let upload = Endpoint<Stored>(
        id: "photos.upload", .post, "photos", mock: "stored", successStatus: 201, body: .multipart(Upload.self))
    static let api = API(name: "photos", envelope: .none, endpoints: [upload])
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x00, 0x2D, 0x2D, 0xFF])

    @Test func anUploadIsCheckedPartByPartAndPassedOnAsSent() async throws {
        let upstream = try TestServer { _ in
            ServerResponse(status: 201, headers: [("Content-Type", "application/json")], body: Data(#"{"id": 7}"#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"))
        defer { harness.stop() }
        func post(_ parts: [MultipartBody.Part]) async throws -> (Data, HTTPResponse) {
            let (data, boundary) = MultipartBody.encode(parts)
            let headers = [(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")]
            return (data, try await harness.send(.post, "/photos", headers: headers, body: data))
        }
        let image = MultipartBody.Part(name: "image", filename: "me.png", contentType: "image/png", content: Self.png)
        let text = { (name: String, value: String) in MultipartBody.Part(name: name, content: Data(value.utf8)) }

        let (sent, answer) = try await post([text("caption", "me"), text("rating", "4"), image])
        #expect(answer.status == 201)
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.message) == [])
        #expect(upstream.requests.first?.body == sent)

        _ = try await post([text("caption", "me"), text("rating", "four"), image])
        _ = try await post([text("caption", "me"), text("rating", "4")])
        await harness.settled(3)
        let found = harness.findings.map(\.finding).filter { $0.kind == .invalidRequest }.sorted { ($0.path ?? "") < ($1.path ?? "") }
        #expect(found.map(\.path) == ["$.image", "$.rating"])
        #expect(found.last?.message.contains("expected Int, found String") == true)
    }
}
