import APICheck
import Foundation
import HTTPServer
import TestSupport
import Testing

/// A contents API in Jupyter's manner, `api/contents/{+path}`, whose backend answers only a path
/// sent with its slashes: live, record, the audit, list, openapi and serve over the recording.
@Suite struct MultiSegmentPathRoundTripTests {
    struct Entry: Codable, Sendable {
        var name: String
        var path: String
    }

    static let api = API(
        name: "contents", envelope: .none, errors: ErrorShape(code: "$.reason", message: "$.message"),
        endpoints: [
            Endpoint<Entry>(
                id: "contents.get", .get, "api/contents/{+path}",
                parameters: [.path("path", .string, sample: .literal("sub/x.txt"))], mock: "contents_get")
        ])

    @Test func thePathSpansSegmentsInEveryCommand() async throws {
        let backend = try TestServer { request in
            guard request.rawPath == "/api/contents/sub/x.txt" else {
                return .json(Data(#"{"reason": "not_found", "message": "No such file"}"#.utf8), status: 404)
            }
            return .json(Data(#"{"name": "x.txt", "path": "sub/x.txt"}"#.utf8))
        }
        defer { backend.stop() }
        let trip = try await DeclarationRoundTrip.run(Self.api, backend: backend.url("/"))
        #expect(trip.live.code == 0, "\(trip.live.text)")
        #expect(backend.requests.first?.rawPath == "/api/contents/sub/x.txt")
        #expect(trip.record.code == 0, "\(trip.record.text)")
        #expect(trip.recorded["contents_get.json"]?.contains("sub/x.txt") == true, "\(trip.recorded)")
        #expect(trip.mocks.code == 0, "\(trip.mocks.text)")
        #expect(trip.list.out.contains("api/contents/{+path}"), "\(trip.list.out)")

        #expect(trip.openapi.code == 0, "\(trip.openapi.err)")
        let document = try JSONParser.parse(Data(trip.openapi.out.utf8))
        let parameter = document["paths"]?["/api/contents/{path}"]?["get"]?["parameters"]?[0]
        #expect(
            parameter?["in"] == .string("path") && parameter?["x-apicheck-multi-segment"] == .bool(true),
            "\(document["paths"]?.compactText ?? "")")

        #expect(trip.liveAgainstServe.code == 0, "\(trip.liveAgainstServe.text)")
        #expect(trip.served.contains("\"endpoint\":\"contents.get\""), "\(trip.served)")
    }
}
