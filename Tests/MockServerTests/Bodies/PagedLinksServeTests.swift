import APICheck
import Foundation
import MockServer
import Testing

/// A table API in Datasette's manner, recorded from `http://127.0.0.1:8001/data/`: a `next` token
/// sent back as `_next`, a `next_url` beside it, facets with `toggle_url`s, rows that link to
/// themselves, and errors `{"ok": false, "error": …, "status": 404}`. serve pages it on its own
/// origin, ends it as the API does, and refuses a cursor it did not issue in the API's error body.
@Suite struct PagedLinksServeTests {
    struct Row: Decodable, Sendable { var id: Int }
    struct Table: Decodable, Sendable {
        var rows: [Row]
        var next: String?
    }

    static let recorded = "http://127.0.0.1:8001/data/"

    static let rows = Endpoint<Table>(
        id: "places.rows", .get, "db/places.json",
        parameters: [.query("_size", .int, sample: .literal(2)), .query("_next", .string)], mock: "places",
        scenarios: ["last", "missing"],
        paging: .token(ids: "$.rows[*].id", from: .body("$.next"), next: "_next", size: "_size", maxPages: 5, mustEnd: true))
    static let window = Endpoint<Table>(
        id: "places.window", .get, "db/window.json",
        parameters: [.query("offset", .int), .query("limit", .int, sample: .literal(2))], mock: "window",
        paging: .offset(ids: "$.rows[*].id", next: "offset", limit: "limit"))
    static let numbered = Endpoint<Table>(
        id: "places.numbered", .get, "db/numbered.json",
        parameters: [.query("page", .int), .query("per_page", .int, sample: .literal(2))], mock: "numbered",
        paging: .pageNumber(ids: "$.rows[*].id", next: "page", size: "per_page"))
    /// A table smaller than a page, recorded whole: its `next` and `next_url` are null.
    static let small = Endpoint<Table>(
        id: "places.small", .get, "db/small.json",
        parameters: [.query("_size", .int, sample: .literal(2)), .query("_next", .string)], mock: "small",
        paging: .token(ids: "$.rows[*].id", from: .body("$.next"), next: "_next", size: "_size", maxPages: 5, mustEnd: true))
    struct Database: Decodable, Sendable { var tables: [String] }
    static let database = Endpoint<Database>(id: "db.show", .get, "db.json", mock: "db")
    static let api = API(
        name: "tables", environments: ["local": URL(string: recorded)!], envelope: .none,
        errors: ErrorShape(code: "$.status", message: "$.error"), endpoints: [rows, window, numbered, small, database])

    static let rowsMock = """
        {"database": "db", "table": "places",
         "rows": [{"id": 1, "self": "\(recorded)db/places/1.json"}, {"id": 2, "self": "\(recorded)db/places/2.json"},
                  {"id": 3, "self": "\(recorded)db/places/3.json"}, {"id": 4, "self": "\(recorded)db/places/4.json"},
                  {"id": 5, "self": "\(recorded)db/places/5.json"}],
         "next": "5", "next_url": "\(recorded)db/places.json?_size=5&_next=5",
         "facet_results": {"state": {"results": [{"value": "CA", "toggle_url": "\(recorded)db/places.json?_size=5&state=CA"}]}},
         "docs": "https://docs.datasette.io/en/stable/json_api.html",
         "query": {"sql": "select * from places where home = '\(recorded)'"},
         "elsewhere": "http://127.0.0.1:8002/data/db/places.json"}
        """

    static let files = [
        "places.json": rowsMock,
        // The list's last page as the API answers it: `next` and `next_url` are null, not gone.
        "places@last.json": #"{"database": "db", "table": "places", "rows": [], "next": null, "next_url": null}"#,
        "places@missing.404.json": #"{"ok": false, "error": "Table not found: places", "status": 404, "title": null}"#,
        "window.json": #"{"rows": [{"id": 1}, {"id": 2}, {"id": 3}]}"#,
        "numbered.json": #"{"rows": [{"id": 1}, {"id": 2}, {"id": 3}]}"#,
        "small.json": #"{"rows": [{"id": 1}, {"id": 2}, {"id": 3}], "next": null, "next_url": null}"#,
        "db.json": #"{"tables": ["places"]}"#,
    ]

    func harness(reloadInterval: Double? = nil) throws -> (ServeHarness, TemporaryMocks) {
        let mocks = try TemporaryMocks(files: Self.files)
        var options = MockServerOptions()
        options.basePath = "/mock/"
        if let reloadInterval { options.reloadInterval = reloadInterval }
        return (try ServeHarness(api: Self.api, mocks: mocks.url, options: options), mocks)
    }

    /// Every link to the recorded server is on serve's origin and under its base path, on every
    /// page; `next_url` leads to serve's next page; other strings, and links elsewhere, stay.
    @Test func linksToTheRecordedServerLeadToServeOnEveryPage() async throws {
        let (harness, mocks) = try harness()
        defer { harness.stop(); mocks.remove() }
        let origin = "http://127.0.0.1:\(harness.server.port)"
        var url: URL? = URL(string: "db/places.json?_size=2", relativeTo: harness.server.baseURL)?.absoluteURL
        var ids: [Int] = [], pages: [JSONValue] = []
        while let next = url, pages.count < 10 {
            // Only serve is ever asked: a link to the recorded server is a failure, not a request.
            try #require(next.port == harness.server.port, "\(next) leads away from serve")
            let answer = try await harness.transport.send(HTTPRequest(method: .get, url: next))
            #expect(answer.status == 200)
            let page = try ServeHarness.json(answer)
            pages.append(page)
            guard case let .array(rows)? = page["rows"] else { Issue.record("no rows: \(page.compactText)"); return }
            ids += rows.compactMap { $0["id"].flatMap { Int($0.compactText) } }
            for row in rows {
                let id = row["id"]?.compactText ?? ""
                #expect(row["self"] == .string("\(origin)/mock/db/places/\(id).json"))
            }
            #expect(
                page["facet_results"]?["state"]?["results"]?[0]?["toggle_url"] == .string("\(origin)/mock/db/places.json?_size=5&state=CA"))
            #expect(page["docs"] == .string("https://docs.datasette.io/en/stable/json_api.html"))
            #expect(page["query"]?["sql"] == .string("select * from places where home = '\(Self.recorded)'"))
            #expect(page["elsewhere"] == .string("http://127.0.0.1:8002/data/db/places.json"))
            url = page["next_url"]?.stringValue.flatMap(URL.init(string:))
        }
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(pages.count == 4)
        #expect(
            pages.map { $0["next"] ?? .string("absent") } == [
                .string("serve-page-2"), .string("serve-page-4"), .string("serve-page-5"), .null,
            ])
        #expect(pages.first?["next_url"] == .string("\(origin)/mock/db/places.json?_size=2&_next=serve-page-2"))

        // A plain request for the whole mock gets the same links, on the address it reached.
        let whole = try await harness.transport.send(
            HTTPRequest(
                method: .get, url: URL(string: "db/places.json", relativeTo: harness.server.baseURL)!.absoluteURL,
                headers: [("Host", "localhost:\(harness.server.port)")]))
        let document = try ServeHarness.json(whole)
        #expect(document["rows"]?[0]?["self"] == .string("http://localhost:\(harness.server.port)/mock/db/places/1.json"))
        #expect(document["next_url"] == .string("http://localhost:\(harness.server.port)/mock/db/places.json?_next=serve-page-5"))

        let report = await LiveCheck(
            api: Self.api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, only: ["places.rows"], mocksDirectory: mocks.url, probes: false)
        ).run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.pagingResults.first?.passed == true)
    }

    /// A mock that is not paged, edited on disk to hold a link to the recorded server, serves
    /// it on serve's origin from then on: the answer remembered before the edit is not given again.
    @Test func aLinkAddedByAnEditLeadsToServe() async throws {
        let (harness, mocks) = try harness(reloadInterval: 0)
        defer { harness.stop(); mocks.remove() }
        #expect(try ServeHarness.json(try await harness.send(.get, "db.json"))["places_url"] == nil)
        #expect(try ServeHarness.json(try await harness.send(.get, "db.json"))["places_url"] == nil)
        try mocks.write("db.json", #"{"tables": ["places"], "places_url": "\#(Self.recorded)db/places.json"}"#)
        let edited = try ServeHarness.json(try await harness.send(.get, "db.json"))
        #expect(edited["places_url"] == .string("http://127.0.0.1:\(harness.server.port)/mock/db/places.json"), "\(edited.compactText)")
    }

    /// The last page keeps the member the API keeps: null where the API's last page shows null.
    @Test func theLastPageSaysNullWhereTheAPIDoes() async throws {
        let (harness, mocks) = try harness()
        defer { harness.stop(); mocks.remove() }
        let last = try await harness.send(.get, "db/places.json?_size=5&_next=serve-page-5")
        #expect(last.status == 200)
        let text = String(decoding: last.body, as: UTF8.self)
        #expect(text.contains(#""next":null"#), "\(text)")
        #expect(text.contains(#""next_url":null"#), "\(text)")
    }

    /// A list recorded whole (`"next": null`) is served in pages: each but the last gives serve's
    /// token and, in the null member named after it, serve's link; the last keeps both null.
    @Test func aListRecordedWholeIsPagedAndEndsWithNull() async throws {
        let (harness, mocks) = try harness()
        defer { harness.stop(); mocks.remove() }
        let first = try ServeHarness.json(try await harness.send(.get, "db/small.json?_size=2"))
        #expect(first["next"] == .string("serve-page-2"))
        let next = try #require(first["next_url"]?.stringValue.flatMap(URL.init(string:)), "\(first.compactText)")
        #expect(next.absoluteString == "http://127.0.0.1:\(harness.server.port)/mock/db/small.json?_size=2&_next=serve-page-2")
        let last = try ServeHarness.json(try await harness.transport.send(HTTPRequest(method: .get, url: next)))
        #expect(last["rows"] == .array([.object([("id", .number("3"))])]))
        #expect(last["next"] == .null && last["next_url"] == .null, "\(last.compactText)")
    }

    /// A cursor serve did not issue is a 400 naming it, in the API's error body; never page 1.
    @Test func aCursorServeDidNotIssueIsRefusedByName() async throws {
        let (harness, mocks) = try harness()
        defer { harness.stop(); mocks.remove() }
        for (path, parameter) in [
            ("db/places.json?_size=2&_next=50", "_next"), ("db/places.json?_next=serve-page-x", "_next"),
            ("db/window.json?offset=-2&limit=2", "offset"), ("db/numbered.json?page=0&per_page=2", "page"),
        ] {
            let answer = try await harness.send(.get, path)
            #expect(answer.status == 400, "\(path)")
            let body = try ServeHarness.json(answer)
            #expect(body["status"] == .number("400"), "\(path): \(body.compactText)")
            #expect(body["ok"] == .bool(false), "\(path): the members every error of the API carries")
            #expect(body["error"]?.stringValue?.contains(parameter + " (query)") == true, "\(path): \(body.compactText)")
            #expect(body["rows"] == nil)
        }
        // serve's own cursors, and the first page without one (an empty token is none), are served.
        for path in [
            "db/places.json?_size=2&_next=serve-page-2", "db/places.json?_size=2&_next=", "db/window.json?offset=2&limit=2",
            "db/numbered.json?page=1&per_page=2",
        ] {
            #expect(try await harness.send(.get, path).status == 200, "\(path)")
        }
    }
}

/// A next-URL list recorded with the real server's own cursor in its next URL (`cursor=Zm9v`):
/// that cursor, or a malformed `apicheck_offset`, is refused by name rather than read as page 1,
/// and serve's next URL is absolute, on serve's origin, as the recorded one was.
@Suite struct RecordedCursorServeTests {
    struct Items: Decodable, Sendable {
        struct Item: Decodable, Sendable { var id: Int }
        var items: [Item]
    }

    static let list = Endpoint<Items>(
        id: "items.list", .get, "items", parameters: [.query("limit", .int, sample: .literal(2))],
        mock: "items", paging: .url(ids: "$.items[*].id", from: .body("$.next"), size: "limit"))
    static let api = API(name: "linked", envelope: .none, endpoints: [list])

    @Test func theRecordedServersCursorIsRefused() async throws {
        let mocks = try TemporaryMocks(files: [
            "items.json": #"{"items": [{"id": 1}, {"id": 2}, {"id": 3}], "next": "https://api.real.example/v2/items?cursor=Zm9v&limit=3"}"#
        ])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let first = try ServeHarness.json(try await harness.send(.get, "items?limit=2"))
        #expect(first["next"] == .string("http://127.0.0.1:\(harness.server.port)/items?limit=2&apicheck_offset=2"))

        for (query, parameter) in [("cursor=Zm9v&limit=2", "cursor"), ("limit=2&apicheck_offset=two", "apicheck_offset")] {
            let answer = try await harness.send(.get, "items?" + query)
            #expect(answer.status == 400, "\(query)")
            let problem = try ServeHarness.json(answer)
            let params = problem["invalid-params"]?[0]
            #expect(params?["name"] == .string(parameter), "\(query): \(problem.compactText)")
        }
    }
}

/// A list whose next URL comes in a header (Kinto's `Next-Page`, an absolute URL): serve's own is
/// absolute too, on serve's origin, so a client that fetches it as it comes stays on serve.
@Suite struct HeaderNextURLServeTests {
    struct Items: Decodable, Sendable {
        struct Item: Decodable, Sendable { var id: Int }
        var data: [Item]
    }

    static let list = Endpoint<Items>(
        id: "records.list", .get, "records", parameters: [.query("_limit", .int, sample: .literal(2))],
        mock: "records", paging: .url(ids: "$.data[*].id", from: .header("Next-Page"), size: "_limit"))
    static let api = API(name: "headed", envelope: .none, endpoints: [list])

    @Test func theNextPageHeaderIsAbsoluteOnServesOrigin() async throws {
        let mocks = try TemporaryMocks(files: ["records.json": #"{"data": [{"id": 1}, {"id": 2}, {"id": 3}]}"#])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let origin = "http://127.0.0.1:\(harness.server.port)"
        let first = try await harness.send(.get, "records?_limit=2")
        #expect(first.header("Next-Page") == "\(origin)/records?_limit=2&apicheck_offset=2")
        let last = try await harness.send(.get, "records?_limit=2&apicheck_offset=2")
        #expect(try ServeHarness.json(last)["data"] == .array([.object([("id", .number("3"))])]))
        #expect(last.header("Next-Page") == nil)
    }
}
