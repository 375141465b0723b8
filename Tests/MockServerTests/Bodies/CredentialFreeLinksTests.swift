import APICheck
import Foundation
import MockServer
import Testing

/// A client that sends its API key in the query (`?api_key=…`, as tiled's and many APIs' clients
/// do) pages through serve: serve's next links, in the body or a header, never carry the key,
/// in any encoding. A body goes where no credential may (logs, caches, recorded mocks), and a
/// client adds its own key to each request, as servers that page by links expect.
@Suite struct CredentialFreeLinksTests {
    struct Items: Decodable, Sendable {
        struct Item: Decodable, Sendable { var id: Int }
        struct Links: Decodable, Sendable { var next: String? }
        var data: [Item]
        var links: Links
    }

    static let key = "tiledKEY9Qz7+secret/X4"

    static let list = Endpoint<Items>(
        id: "nodes.search", .get, "search", parameters: [.query("limit", .int, sample: .literal(2))],
        mock: "nodes", auth: .token, paging: .url(ids: "$.data[*].id", from: .body("$.links.next"), size: "limit"))
    static let headed = Endpoint<Items>(
        id: "nodes.headed", .get, "headed", parameters: [.query("limit", .int, sample: .literal(2))],
        mock: "headed", auth: .token, paging: .url(ids: "$.data[*].id", from: .header("Next-Page"), size: "limit"))
    static let api = API(
        name: "nodes", envelope: .none, auth: .preIssued(variable: "NODES_API_KEY", placement: .query("api_key")),
        endpoints: [list, headed])

    @Test func theKeyIsInNoLinkAndTheListStillPagesWithIt() async throws {
        let mocks = try TemporaryMocks(files: [
            "nodes.json": #"{"data": [{"id": 1}, {"id": 2}, {"id": 3}], "links": {"next": null}}"#,
            "headed.json": #"{"data": [{"id": 1}, {"id": 2}, {"id": 3}], "links": {}}"#,
        ])
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = ["NODES_API_KEY": Self.key]
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        let key = Self.key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let first = try await harness.send(.get, "search?limit=2&api_key=\(key)")
        #expect(first.status == 200)
        let text = String(decoding: first.body, as: UTF8.self)
        for shown in [Self.key, key, "tiledKEY9Qz7", "api_key"] { #expect(!text.contains(shown), "\(shown) in \(text)") }
        let next = try #require(try ServeHarness.json(first)["links"]?["next"]?.stringValue)
        #expect(next.hasSuffix("/search?limit=2&apicheck_offset=2"), "\(next)")

        // Followed with the client's own key, the link gives the rest of the list.
        let second = try await harness.send(.get, String(next.drop { $0 != "s" }) + "&api_key=\(key)")
        #expect(try ServeHarness.json(second)["data"] == .array([.object([("id", .number("3"))])]))

        let header = try await harness.send(.get, "headed?api_key=\(key)&limit=2")
        let link = try #require(header.header("Next-Page"))
        #expect(!link.contains("tiledKEY9Qz7") && !link.contains("api_key"), "\(link)")
    }
}
