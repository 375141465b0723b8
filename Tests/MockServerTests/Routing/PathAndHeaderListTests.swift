import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// Lists in a path segment and in a header, OpenAPI's `simple` style: items comma-joined. The
/// client sends them so, `serve` routes a path list by its items' type and reads a header list
/// with or without spaces after its commas.
@Suite struct PathAndHeaderListTests {
    struct Items: Codable, Sendable {
        var status: String
    }

    static let items = Endpoint<Items>(
        id: "items.some", .get, "items/{ids}",
        parameters: [
            .pathList("ids", .int, sample: .literal([3, 4, 5])),
            .headerList("X-Tags", .string, sample: .literal(["new", "a/b"])),
            .headerList("X-Page", .int),
        ],
        mock: "items", enveloped: false)

    static let api = API(
        name: "items", environments: ["local": URL(string: "http://127.0.0.1:9000/api/")!], envelope: EnvelopePolicy(),
        endpoints: [items])

    @Test func theClientJoinsTheItemsWithCommas() throws {
        let builder = RequestBuilder(api: Self.api, baseURL: URL(string: "http://h.invalid/api/")!)
        let request = try builder.request(
            for: Self.items.erased, ["ids": [3, 4], "X-Tags": ["new", "a,b"], "X-Page": [1, 2]], token: nil)
        #expect(request.url.absoluteString == "http://h.invalid/api/items/3,4")
        #expect(request.header("X-Tags") == "new,a,b")
        #expect(request.header("X-Page") == "1,2")
        // A path item is escaped as a path value is; the commas between items are not.
        let names = Endpoint<Items>(id: "names", .get, "t/{names}", parameters: [.pathList("names", .string)], mock: "names")
        let texts = try RequestBuilder(
            api: API(name: "t", envelope: EnvelopePolicy(), endpoints: [names]), baseURL: URL(string: "http://h.invalid/")!
        )
        .request(for: names.erased, ["names": ["a/b", "c d"]], token: nil)
        #expect(texts.url.absoluteString == "http://h.invalid/t/a%2Fb,c%20d")
        #expect(throws: APIError.self) { try builder.request(for: Self.items.erased, ["ids": ["x"]], token: nil) }
    }

    @Test func serveRoutesAPathListByItsItemsAndReadsAHeaderList() throws {
        let mocks = try TemporaryMocks(files: ["items.json": #"{"status": "ok"}"#])
        defer { mocks.remove() }
        let server = try MockServer(api: Self.api, mocks: mocks.url)
        func answer(_ path: String, _ headers: [(String, String)] = []) -> ServerResponse {
            server.respond(to: ServerRequest(method: "GET", path: path, headers: headers))
        }
        #expect(answer("/api/items/3,4,5").status == 200)
        #expect(answer("/api/items/3").status == 200)
        // An item not of the type: the template is not this path, as for a lone value.
        #expect(answer("/api/items/3,x").status == 404)
        #expect(answer("/api/items/3", [("X-Page", "1, 2")]).status == 200)
        let bad = answer("/api/items/3", [("X-Page", "1, two")])
        #expect(bad.status == 400)
        let text = String(decoding: bad.body, as: UTF8.self)
        #expect(text.contains("X-Page[1]") && text.contains("expects Int"), "\(text)")
    }

    @Test func liveSendsTheListsServeReads() async throws {
        let mocks = try TemporaryMocks(files: ["items.json": #"{"status": "ok"}"#])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let report = await LiveAgainstServeTests.live(harness, mocks: mocks.url, environment: [:])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
    }
}
