import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// A STAC-like item search, recorded from `http://127.0.0.1:8011/stac/`: the next page is the
/// `rel: next` link among the answer's `links`, where it sits at no fixed index, and
/// `context.returned` counts the page's items. serve gives each page its own next link, none on
/// the last, and its own count; `live` against serve follows the links to the end.
@Suite struct BodyLinkServeTests {
    struct Item: Decodable, Sendable { var id: String }
    struct Items: Decodable, Sendable { var features: [Item] }

    static let recorded = "http://127.0.0.1:8011/stac/"

    static let search = Endpoint<Items>(
        id: "items.search", .get, "collections/{collection}/items",
        parameters: [.path("collection", .string, sample: .literal("lakes")), .query("limit", .int, sample: .literal(2))],
        mock: "items",
        paging: .url(ids: "$.features[*].id", from: .bodyLink(rel: "next", in: "$.links"), size: "limit", maxPages: 6, mustEnd: true)
            .counted(total: "$.context.matched", returned: "$.context.returned"))
    static let api = API(name: "stac", environments: ["local": URL(string: recorded)!], envelope: .none, endpoints: [search])

    static let files = [
        "items.json": """
        {"type": "FeatureCollection", "features": [\((1...5).map { #"{"id": "lake-\#($0)"}"# }.joined(separator: ", "))],
         "links": [{"rel": "self", "href": "\(recorded)collections/lakes/items?limit=5"},
                   {"rel": "next", "type": "application/geo+json", "href": "\(recorded)collections/lakes/items?limit=5&token=p2"},
                   {"rel": "root", "href": "\(recorded)"}],
         "context": {"returned": 5, "matched": 5, "limit": 5}}
        """
    ]

    @Test func eachPageLinksServesNextPageAndTheLastNone() async throws {
        let mocks = try TemporaryMocks(files: Self.files)
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop(); mocks.remove() }
        var url: URL? = URL(string: "collections/lakes/items?limit=2", relativeTo: harness.server.baseURL)?.absoluteURL
        var ids: [String] = [], returned: [String] = [], pages: [JSONValue] = []
        while let next = url, pages.count < 10 {
            try #require(next.port == harness.server.port, "\(next) leads away from serve")
            let answer = try await harness.transport.send(HTTPRequest(method: .get, url: next))
            #expect(answer.status == 200)
            let page = try ServeHarness.json(answer)
            pages.append(page)
            guard case let .array(features)? = page["features"], case let .array(links)? = page["links"] else {
                Issue.record("no features or links: \(page.compactText)"); return
            }
            ids += features.compactMap { $0["id"]?.stringValue }
            returned.append(page["context"]?["returned"]?.compactText ?? "-")
            #expect(links.contains { $0["rel"] == .string("root") }, "\(page.compactText)")
            let nextLinks = links.filter { $0["rel"] == .string("next") }
            #expect(nextLinks.count <= 1)
            #expect(nextLinks.allSatisfy { $0["type"] == .string("application/geo+json") })
            url = nextLinks.first?["href"]?.stringValue.flatMap(URL.init(string:))
        }
        #expect(ids == ["lake-1", "lake-2", "lake-3", "lake-4", "lake-5"])
        #expect(returned == ["2", "2", "1", "0"])
        #expect(pages.last?["links"]?.compactText.contains("\"next\"") == false)

        let report = await LiveCheck(
            api: Self.api, transport: harness.transport,
            options: LiveOptions(baseURL: harness.server.baseURL, only: ["items.search"], mocksDirectory: mocks.url, probes: false)
        ).run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.pagingResults.first?.passed == true)
    }

    /// An offset list whose mock links the recorded server's next page (`offset=3` after its 3
    /// items) gets serve's next page in that link, and none on the last page nor on the mock as
    /// a whole: a client following it past serve's last item would loop on an empty page.
    @Test func anOffsetListsRecordedNextLinkIsServesOwnOrNone() throws {
        let paging = Paging.offset(ids: "$.features[*].id", next: "offset", limit: "limit").counted(returned: "$.numberReturned")
        let mock = try JSONParser.parse(
            """
            {"features": [{"id": 1}, {"id": 2}, {"id": 3}], "numberReturned": 3,
             "links": [{"rel": "self", "href": "http://127.0.0.1:9/items?limit=3"},
                       {"rel": "next", "href": "http://127.0.0.1:9/items?offset=3&limit=3&f=json"}]}
            """)
        func page(_ query: [(String, String)]) throws -> JSONValue {
            let request = ServerRequest(method: "GET", path: "/items", query: query)
            return try #require(PagedBody(paging: paging).page(of: mock, for: request, origin: "http://127.0.0.1:8093")).0
        }
        func next(_ page: JSONValue) -> [String] {
            guard case let .array(links)? = page["links"] else { return ["no links"] }
            return links.filter { $0["rel"] == .string("next") }.compactMap { $0["href"]?.stringValue }
        }
        let first = try page([("limit", "2")])
        #expect(next(first) == ["http://127.0.0.1:8093/items?limit=2&offset=2"])
        #expect(first["numberReturned"] == .number("2"))
        let last = try page([("offset", "2"), ("limit", "2")])
        #expect(next(last) == [])
        #expect(last["numberReturned"] == .number("1"))
        #expect(last["links"]?[0]?["rel"] == .string("self"))
        #expect(next(try page([])) == [])
    }

    /// A list recorded whole, its links holding no next one, gains serve's on each page but the last.
    @Test func aListRecordedWholeGainsANextLinkOnEachPageButTheLast() throws {
        let paging = Paging.url(ids: "$.features[*].id", from: .bodyLink(rel: "next", in: "$.links"), size: "limit")
        let mock = try JSONParser.parse(#"{"features": [{"id": 1}, {"id": 2}, {"id": 3}], "links": [{"rel": "self", "href": "/items"}]}"#)
        func page(_ query: [(String, String)]) throws -> JSONValue {
            let request = ServerRequest(method: "GET", path: "/items", query: query)
            return try #require(PagedBody(paging: paging).page(of: mock, for: request)).0
        }
        let first = try page([("limit", "2")])
        #expect(first["links"]?[1] == .object([("rel", .string("next")), ("href", .string("/items?limit=2&apicheck_offset=2"))]))
        let last = try page([("limit", "2"), ("apicheck_offset", "2")])
        #expect(last["links"]?.compactText == #"[{"rel":"self","href":"/items"}]"#)
    }
    /// pygeoapi's items: the next link sets `offset`, a parameter the endpoint declares. A client
    /// that computes the offset itself (`offset=2`) gets the page it asked for, not the first, and
    /// serve's links carry `offset` as the server's do.
    @Test func aListOfLinksReadsTheAPIsOwnOffset() throws {
        let paging = Paging.url(ids: "$.features[*].id", from: .bodyLink(rel: "next", in: "$.links"), size: "limit")
        let mock = try JSONParser.parse(
            """
            {"features": [{"id": 1}, {"id": 2}, {"id": 3}],
             "links": [{"rel": "next", "href": "http://127.0.0.1:9/items?offset=3&limit=3&f=json"}]}
            """)
        func page(_ query: [(String, String)]) throws -> JSONValue {
            let request = ServerRequest(method: "GET", path: "/items", query: query)
            let body = PagedBody(paging: paging, declaredQuery: ["offset", "limit", "f"])
            return try #require(body.page(of: mock, for: request)).0
        }
        func ids(_ page: JSONValue) -> String { page["features"]?.compactText ?? "-" }
        let first = try page([("limit", "2")])
        #expect(ids(first) == #"[{"id":1},{"id":2}]"#)
        #expect(first["links"]?[0]?["href"] == .string("/items?limit=2&offset=2"))
        let second = try page([("offset", "2"), ("limit", "2")])
        #expect(ids(second) == #"[{"id":3}]"#)
        // The mock said more comes: a page with items leads on, to an empty last page.
        #expect(second["links"]?[0]?["href"] == .string("/items?limit=2&offset=3"))
        let last = try page([("offset", "3"), ("limit", "2")])
        #expect(ids(last) == "[]")
        #expect(last["links"]?.compactText == "[]")
        // Undeclared, it is the recorded server's: serve's links keep their own offset.
        let undeclared = try #require(
            PagedBody(paging: paging).page(of: mock, for: ServerRequest(method: "GET", path: "/items", query: [("limit", "2")]))
        ).0
        #expect(undeclared["links"]?[0]?["href"] == .string("/items?limit=2&apicheck_offset=2"))
    }

    /// A list whose pages a `Link` header names (GitHub's): the declared `page` is where a page
    /// starts, numbered from 1, in the request and in serve's next link.
    @Test func aLinkHeaderListReadsTheDeclaredPage() throws {
        let paging = Paging.link(ids: "$[*].id", size: "per_page")
        let mock = try JSONParser.parse(#"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}]"#)
        let body = PagedBody(paging: paging, declaredQuery: ["page", "per_page"])
        let request = ServerRequest(method: "GET", path: "/repos", query: [("per_page", "2"), ("page", "2")])
        let (second, headers) = try #require(body.page(of: mock, for: request))
        #expect(second.compactText == #"[{"id":3},{"id":4}]"#)
        #expect(headers.first?.value == "</repos?per_page=2&page=3>; rel=\"next\"", "\(headers)")
    }
}
