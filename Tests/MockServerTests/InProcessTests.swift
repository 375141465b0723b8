import APICheck
import Contracts
import Foundation
import HTTPServer
import MockServer
import Synchronization
import Testing

/// The serving logic without a socket (`MockServer.respond`): the first tier of tests.
@Suite struct InProcessTests {
    @Test func theLogLineEscapesControlCharactersAndMasksTheToken() throws {
        let lines = Mutex<[String]>([])
        let server = try MockServer(
            api: Demo.api, mocks: ServeHarness.demoMocks,
            options: MockServerOptions(log: { line in lines.withLock { $0.append(line) } }))
        let login = server.respond(
            to: ServerRequest(
                method: "POST", path: "/Api/Account/login",
                headers: [("Content-Type", "application/json")],
                body: Data(#"{"account": "demo", "password": "pw"}"#.utf8)))
        #expect(login.status == 200)
        let token = try #require(try JSONParser.parse(login.body)["datas"]?["utoken"]?.stringValue)
        let answer = server.respond(
            to: ServerRequest(
                method: "GET", path: "/Api/statuses/home_timeline",
                query: [("access_token", token), ("count", "2\u{1B}[31m")]))
        #expect(answer.status == 400)
        server.flushLog()
        let last = try #require(lines.withLock { $0.last })
        #expect(last.hasPrefix("GET /Api/statuses/home_timeline?access_token=***&count=2\\u{1B}[31m -> 400 statuses.homeTimeline - "))
        #expect(!lines.withLock { $0 }.joined().contains(token))
    }

    @Test func theBasePathComesFromTheLocalEnvironmentOrTheOption() throws {
        #expect(try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks).basePath == "/Api/")
        let moved = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: MockServerOptions(basePath: "v1"))
        #expect(moved.basePath == "/v1/")
        #expect(moved.respond(to: ServerRequest(method: "GET", path: "/v1/topics")).status == 200)
        #expect(moved.respond(to: ServerRequest(method: "GET", path: "/Api/topics")).status == 404)
    }

    /// A route is its template exactly: `topics/` is not `topics`, and `statuses/1/` is not
    /// `statuses/{id}`.
    @Test(arguments: [
        ("/Api/topics", 200),
        ("/Api/topics/", 404),
        ("/Api/statuses/4130540976425200", 200),
        ("/Api/statuses/4130540976425200/", 404),
        ("/Api/statuses/home_timeline/", 404),
    ])
    func aTrailingSlashIsAnotherRoute(_ path: String, _ status: Int) throws {
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: MockServerOptions(stateless: true))
        let answer = server.respond(to: ServerRequest(method: "GET", path: path, query: [("access_token", "any")]))
        #expect(answer.status == status, "\(String(decoding: answer.body, as: UTF8.self))")
    }

    /// The declared cursor cuts the mock's items as a paging server would: `max_id` (inclusive,
    /// descending) keeps ids up to it, so following the cursor never gives an item twice.
    @Test func theDeclaredCursorCutsTheMocksItems() throws {
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: MockServerOptions(stateless: true))
        func ids(_ query: [(String, String)]) throws -> [Int64] {
            let answer = server.respond(to: ServerRequest(method: "GET", path: "/Api/statuses/home_timeline", query: query))
            #expect(answer.status == 200)
            guard case let .array(items)? = try JSONParser.parse(answer.body)["datas"]?["statuses"] else { return [] }
            return items.compactMap { $0["id"]?.int64Value }
        }
        let all = try ids([("access_token", "any")])
        try #require(all.count >= 2)
        let cursor = all[1]
        #expect(try ids([("access_token", "any"), ("max_id", String(cursor))]) == all.filter { $0 <= cursor })
        let lowest = try #require(all.min())
        #expect(try ids([("access_token", "any"), ("max_id", String(lowest - 1))]).isEmpty)
    }
}
