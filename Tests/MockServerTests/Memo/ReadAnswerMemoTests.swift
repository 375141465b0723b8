import APICheck
import Contracts
import Foundation
import HTTPServer
@testable import MockServer
import TestSupport
import Testing

/// An answer made from the line, the `Host` and the token is given again to a request bringing the
/// same, and never once the token stands elsewhere, the `Host` differs or a header serve reads
/// comes with it.
@Suite struct ReadAnswerMemoTests {
    static func server(api: API = Demo.api, mocks: URL = ServeHarness.demoMocks, basePath: String? = nil) throws -> MockServer {
        var options = AnswerMemoTests.withoutLooks
        options.basePath = basePath
        return try MockServer(api: api, mocks: mocks, options: options)
    }

    static func json(_ response: ServerResponse) throws -> JSONValue { try JSONParser.parse(response.body) }

    @Test func aReadWithATokenIsGivenAgainOnlyWhileTheTokenWorks() throws {
        let server = try Self.server()
        let login = server.respond(
            to: ServerRequest(
                method: "POST", path: "/Api/Account/login", headers: [("Content-Type", "application/json")],
                body: Data(#"{"account": "demo", "password": "pw"}"#.utf8)))
        let token = try #require(try Self.json(login)["datas"]?["utoken"]?.stringValue)
        let read = ServerRequest(
            method: "GET", path: "/Api/statuses/home_timeline", query: [("count", "2"), ("access_token", token)],
            headers: [("Host", "127.0.0.1:8080")])

        let first = server.respond(to: read)
        let second = server.respond(to: read)
        #expect(try Self.json(first)["code"]?.int64Value == 200)
        #expect(second.body == first.body)
        #expect(server.readMemo.count == 1)
        #expect(server.memo.count == 0)
        #expect(server.admin.journal.all().filter { $0.exchange.endpoint == "statuses.homeTimeline" }.count == 2)

        server.auth.tokens.expire(token)
        let refused = server.respond(to: read)
        #expect(try Self.json(refused)["code"]?.int64Value != 200 || refused.status != 200)
        #expect(refused.body != first.body)
    }

    /// A page links to the origin the client reached: another `Host` is another answer.
    @Test func aPageIsKeptForTheHostItLinksTo() throws {
        let mocks = try TemporaryMocks(files: PagedLinksServeTests.files)
        defer { mocks.remove() }
        let server = try Self.server(api: PagedLinksServeTests.api, mocks: mocks.url, basePath: "/mock/")
        func page(host: String) throws -> String? {
            let request = ServerRequest(method: "GET", path: "/mock/db/places.json", query: [("_size", "2")], headers: [("Host", host)])
            return try Self.json(server.respond(to: request))["next_url"]?.stringValue
        }

        #expect(try page(host: "first.test:1")?.hasPrefix("http://first.test:1/mock/") == true)
        #expect(try page(host: "second.test:2")?.hasPrefix("http://second.test:2/mock/") == true)
        #expect(try page(host: "first.test:1")?.hasPrefix("http://first.test:1/mock/") == true)
        #expect(server.readMemo.count == 2)
    }

    /// A token in a header is part of the key: each account's read is its own, and a logout ends
    /// only the logged-out token's. A session cookie travels in the `Cookie` header, whole.
    @Test(arguments: [AuthPolicy.Placement.bearer, .cookie("sid")])
    func aCredentialHeaderIsPartOfTheKey(_ placement: AuthPolicy.Placement) throws {
        let mocks = try TemporaryMocks(files: ShopAPI.mocks)
        defer { mocks.remove() }
        var api = ShopAPI.api
        api.auth.placement = placement
        let server = try Self.server(api: api, mocks: mocks.url, basePath: "/shop/")
        func login(_ user: String) throws -> String {
            let answer = server.respond(
                to: ServerRequest(
                    method: "POST", path: "/shop/auth/session", headers: [("Content-Type", "application/json")],
                    body: Data(#"{"user": "\#(user)", "password": "pw"}"#.utf8)))
            return try #require(try Self.json(answer)["data"]?["token"]?.stringValue)
        }
        func credential(_ token: String) -> (name: String, value: String) {
            placement == .bearer ? ("Authorization", "Bearer \(token)") : ("Cookie", "theme=dark; sid=\(token)")
        }
        func item(_ token: String, extra: [(name: String, value: String)] = []) -> Int {
            server.respond(to: ServerRequest(method: "GET", path: "/shop/items/7", headers: [credential(token)] + extra)).status
        }
        let ann = try login("ann")
        let bob = try login("bob")

        #expect(item(ann) == 200 && item(ann) == 200)
        #expect(item(bob) == 200)
        #expect(server.readMemo.count == 2)
        // A header serve might read is not in the key: such a request is answered the long way.
        #expect(item(bob, extra: [("X-Trace", "1")]) == 200)
        #expect(item(bob, extra: [credential(ann)]) == 200)
        #expect(server.readMemo.count == 2)

        _ = server.respond(to: ServerRequest(method: "DELETE", path: "/shop/auth/session", headers: [credential(ann)]))
        #expect(item(ann) == 401)
        #expect(item(bob) == 200)
    }

    /// Over HTTP a request of plain headers is answered before it is built (the server's line
    /// shortcut, which reads the `Host` only for this memory): still never once its token died.
    @Test func overHTTPARememberedReadEndsWithItsToken() async throws {
        let harness = try ServeHarness(options: AnswerMemoTests.withoutLooks)
        defer { harness.stop() }
        let token = try await harness.login()
        let read = "statuses/home_timeline?count=2&access_token=\(token)"
        let first = try await harness.send(.get, read)
        #expect(try ServeHarness.json(first)["code"]?.int64Value == 200)
        #expect(try await harness.send(.get, read).body == first.body)
        #expect(harness.server.readMemo.count == 1)

        harness.server.auth.tokens.expire(token)
        let refused = try await harness.send(.get, read)
        #expect(refused.body != first.body)
        #expect(harness.log.all.filter { $0.hasPrefix("GET /Api/statuses/home_timeline") }.count == 3)
    }

    @Test func overHTTPAPageFollowsTheHostItWasAskedAt() async throws {
        let mocks = try TemporaryMocks(files: PagedLinksServeTests.files)
        defer { mocks.remove() }
        var options = AnswerMemoTests.withoutLooks
        options.basePath = "/mock/"
        let harness = try ServeHarness(api: PagedLinksServeTests.api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        func next(_ headers: [(name: String, value: String)]) async throws -> String? {
            try ServeHarness.json(try await harness.send(.get, "db/places.json?_size=2", headers: headers))["next_url"]?.stringValue
        }
        let own = "http://127.0.0.1:\(harness.server.port)/mock/"

        #expect(try await next([])?.hasPrefix(own) == true)
        #expect(try await next([("Host", "elsewhere.test:9")])?.hasPrefix("http://elsewhere.test:9/mock/") == true)
        #expect(try await next([])?.hasPrefix(own) == true)
        #expect(try await next([("Host", "elsewhere.test:9")])?.hasPrefix("http://elsewhere.test:9/mock/") == true)
        #expect(harness.server.readMemo.count == 2)
    }

    @Test func distinctReadsPastTheCapacityStartTheMemoOver() throws {
        let mocks = try TemporaryMocks(files: PagedLinksServeTests.files)
        defer { mocks.remove() }
        let server = try Self.server(api: PagedLinksServeTests.api, mocks: mocks.url, basePath: "/mock/")
        for index in 0..<(ReadAnswerMemo.capacity + 10) {
            _ = server.respond(
                to: ServerRequest(method: "GET", path: "/mock/db/places.json", query: [("_size", "2")], headers: [("Host", "h\(index)")]))
        }
        #expect(server.readMemo.count == 10)
    }
}
