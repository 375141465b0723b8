import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// A search whose next token, at `$.next`, goes back in the request's body (`q=kettle&cursor=t1`),
/// with a `next_url` beside it as the recorded server gave it. serve's `next_url` leads to serve,
/// and the page is still the one the body's cursor names: the link carries no cursor of its own
/// in its query, which would outrank the body's.
@Suite struct BodyTokenLinkServeTests {
    struct Hit: Codable, Sendable { var id: Int }

    struct Hits: Codable, Sendable {
        var hits: [Hit]
        var next: String?
    }

    static let api = API(
        name: "search", envelope: .none, errors: ErrorShape(code: "$.error", message: "$.reason"),
        endpoints: [
            Endpoint<Hits>(
                id: "search", .post, "search",
                parameters: [
                    .body("q", .string, sample: .literal("kettle")), .body("cursor", .string, required: false),
                    .body("limit", .int, required: false),
                ],
                mock: "search",
                paging: .token(ids: "$.hits[*].id", from: .body("$.next"), next: "cursor", size: "limit", maxPages: 5))
        ])

    static let mock =
        #"{"hits":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5}],"next":"t1","next_url":"https://search.example.com/search?cursor=t1"}"#

    @Test func theNextURLLeadsToServeAndTheBodysCursorPicksThePage() throws {
        let mocks = try TemporaryMocks(files: ["search.json": Self.mock])
        defer { mocks.remove() }
        let server = try MockServer(api: Self.api, mocks: mocks.url)
        func page(_ path: String, query: [URLQueryItem] = [], _ body: String) throws -> JSONValue {
            let answer = server.respond(
                to: ServerRequest(
                    method: "POST", path: path, query: query.map { ($0.name, $0.value ?? "") },
                    headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8)))
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            return try JSONParser.parse(answer.body)
        }
        func ids(_ document: JSONValue) -> [String] {
            guard case let .array(hits)? = document["hits"] else { return [] }
            return hits.compactMap { $0["id"]?.compactText }
        }
        let first = try page("/search", "q=kettle&limit=2")
        #expect(ids(first) == ["1", "2"])
        let token = try #require(first["next"]?.stringValue)
        let link = try #require(first["next_url"]?.stringValue, "\(first.compactText)")
        let components = try #require(URLComponents(string: link))
        #expect(components.path == "/search", "\(link)")
        #expect(components.queryItems?.contains { $0.name == "cursor" } != true, "the link writes the cursor into its query: \(link)")

        // A client follows the link with the token in the body, as the endpoint declares it.
        let second = try page(components.path, query: components.queryItems ?? [], "q=kettle&limit=2&cursor=\(token)")
        #expect(ids(second) == ["3", "4"])
        let third = try page("/search", "q=kettle&limit=2&cursor=\(try #require(second["next"]?.stringValue))")
        #expect(ids(third) == ["5"])
        // A mock recorded with a next token says more comes on each page with items: the list
        // ends on an empty page, with neither the token nor the link.
        let last = try page("/search", "q=kettle&limit=2&cursor=\(try #require(third["next"]?.stringValue))")
        #expect(ids(last).isEmpty)
        #expect(last["next"] == nil && last["next_url"] == nil, "\(last.compactText)")
    }
}
