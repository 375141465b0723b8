import APICheck
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Successful exchanges over a real libmicrohttpd server on 127.0.0.1, run by every network
/// transport (`TransportUnderTest`).
@Suite struct TransportScenarioTests {
    static let all = TransportUnderTest.allCases

    @Test(arguments: all, [200, 201, 204, 404, 500, 503])
    func statusCodesAreResponsesNotErrors(kind: TransportUnderTest, status: Int) async throws {
        let server = try TestServer { _ in ServerResponse(status: status, body: status == 204 ? Data() : Data("s\(status)".utf8)) }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/status")))

        #expect(response.status == status)
        #expect(String(decoding: response.body, as: UTF8.self) == (status == 204 ? "" : "s\(status)"))
    }

    @Test(arguments: all)
    func responseHeadersArrive(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in
            ServerResponse(
                headers: [
                    (name: "X-Request-Id", value: "abc-123"), (name: "X-Multi", value: "one"),
                    (name: "X-Multi", value: "two"),
                ], body: Data("x".utf8))
        }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/")))

        #expect(response.header("x-request-id") == "abc-123")
        #expect(response.header("Content-Length") == "1")
        let multi = response.headers.filter { $0.name.lowercased() == "x-multi" }.map(\.value)
        #expect(multi == (kind.keepsRepeatedHeaders ? ["one", "two"] : ["one, two"]))
    }

    @Test(arguments: all)
    func requestHeadersAndUserAgentReachTheServer(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        _ = try await kind.make(userAgent: "apicheck-test/2").send(
            HTTPRequest(
                method: .get, url: server.url("/h"),
                headers: [
                    (name: "Authorization", value: "Bearer t0k3n"), (name: "X-Empty", value: ""),
                ]))

        let seen = try #require(server.requests.first)
        #expect(seen.header("authorization") == "Bearer t0k3n")
        #expect(seen.header("X-Empty") == "")
        #expect(seen.header("User-Agent") == "apicheck-test/2")
        #expect(seen.header("Accept-Encoding")?.contains("gzip") == true)
        #expect(seen.header("Expect") == nil)
    }

    @Test(arguments: all)
    func jsonBodyRoundTrips(kind: TransportUnderTest) async throws {
        struct Payload: Codable, Equatable {
            var name: String
            var tags: [String]
            var count: Int
        }
        let server = try TestServer { request in
            .json(request.body, status: request.method == "POST" ? 201 : 400)
        }
        defer { server.stop() }
        let sent = Payload(name: "Jürgen \"J\" ✓", tags: ["a", "b"], count: 42)

        let response = try await kind.make().send(
            HTTPRequest(
                method: .post, url: server.url("/Api/Account/login"),
                headers: [(name: "Content-Type", value: "application/json")], body: try JSONEncoder().encode(sent)))

        #expect(response.status == 201)
        #expect(response.contentType == "application/json; charset=utf-8")
        #expect(try JSONDecoder().decode(Payload.self, from: response.body) == sent)
        let seen = try #require(server.requests.first)
        #expect(seen.header("Content-Type") == "application/json")
        #expect(seen.path == "/Api/Account/login")
    }

    @Test(arguments: all, ["PUT", "PATCH", "DELETE"])
    func otherMethodsCarryTheirBody(kind: TransportUnderTest, method: String) async throws {
        let server = try TestServer { request in
            ServerResponse(body: Data("\(request.method) \(String(decoding: request.body, as: UTF8.self))".utf8))
        }
        defer { server.stop() }

        let response = try await kind.make().send(
            HTTPRequest(
                method: HTTPMethod(rawValue: method), url: server.url("/item/7"), body: Data("payload".utf8)))

        #expect(String(decoding: response.body, as: UTF8.self) == "\(method) payload")
    }

    @Test(arguments: all)
    func postWithoutBodySendsEmptyBody(kind: TransportUnderTest) async throws {
        let server = try TestServer { request in
            ServerResponse(body: Data("\(request.method) \(request.body.count) \(request.header("Content-Length") ?? "-")".utf8))
        }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .post, url: server.url("/logout")))

        #expect(String(decoding: response.body, as: UTF8.self) == "POST 0 0")
    }

    @Test(arguments: all)
    func headRequestGetsHeadersOnly(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse(body: Data("twelve bytes".utf8)) }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .head, url: server.url("/h")))

        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.header("Content-Length") == "12")
        #expect(server.requests.map(\.method) == ["HEAD"])
    }

    @Test(arguments: all)
    func gzipBodyIsDecoded(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in
            ServerResponse(
                headers: [
                    (name: "Content-Encoding", value: "gzip"),
                    (name: "Content-Type", value: "application/json"),
                ], body: Fixtures.gzippedJSON)
        }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/gz")))

        #expect(String(decoding: response.body, as: UTF8.self) == Fixtures.gzippedJSONDecoded)
        #expect(response.header("Content-Encoding") == "gzip")
    }

    @Test(arguments: all)
    func redirectsAreFollowedAndOnlyTheFinalHeadersKept(kind: TransportUnderTest) async throws {
        let server = try TestServer(Self.redirectChain)
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/hop/5?access_token=abc")))

        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "arrived")
        #expect(response.url?.path == "/hop/0")
        #expect(response.header("Location") == nil)
        #expect(response.headers.filter { $0.name == "X-Hop" }.map(\.value) == ["0"])
        #expect(server.requests.map(\.path) == ["/hop/5", "/hop/4", "/hop/3", "/hop/2", "/hop/1", "/hop/0"])
    }

    /// `/hop/N` redirects to `/hop/N-1`; `/hop/0` answers.
    static let redirectChain: HTTPServer.Handler = { request in
        let remaining = Int(request.path.split(separator: "/").last ?? "") ?? 0
        if remaining == 0 {
            return ServerResponse(headers: [(name: "X-Hop", value: "0")], body: Data("arrived".utf8))
        }
        return ServerResponse(
            status: 302,
            headers: [
                (name: "Location", value: "/hop/\(remaining - 1)"),
                (name: "X-Hop", value: "\(remaining)"),
            ])
    }

    @Test(arguments: all)
    func requestsRunConcurrentlyUpToTheLimit(kind: TransportUnderTest) async throws {
        let server = try TestServer { request in
            Thread.sleep(forTimeInterval: 0.1)
            return ServerResponse(body: Data(request.path.utf8))
        }
        defer { server.stop() }
        let transport = kind.make(concurrency: 8)

        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/c/\(index)")))
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }

        #expect(bodies == Set((0..<16).map { "/c/\($0)" }))
        #expect(server.peakInFlight >= 2)
        #expect(server.peakInFlight <= 8)
    }

    @Test(arguments: all)
    func timingsArePopulated(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in
            Thread.sleep(forTimeInterval: 0.02)
            return ServerResponse(body: Data(repeating: 7, count: 1000))
        }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/t")))

        let timings = response.timings
        #expect(timings.total >= 0.02)
        #expect(timings.firstByte > 0)
        #expect(timings.firstByte <= timings.total)
        #expect(timings.tls == 0)
        if kind.measuresPhases {
            #expect(timings.connect > 0)
            #expect(timings.connect <= timings.firstByte)
            #expect(timings.dns <= timings.connect)
        } else {
            #expect(timings.dns == 0 && timings.connect == 0)
        }
    }

    @Test(arguments: all)
    func largeBodyUnderTheCapArrivesWhole(kind: TransportUnderTest) async throws {
        let body = Fixtures.pattern(count: 3 << 20)
        let server = try TestServer { _ in ServerResponse(body: body) }
        defer { server.stop() }

        let response = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/big")))

        #expect(response.body == body)
    }
}
