import APICheck
import CurlClient
import Foundation
import HTTPServer
import Synchronization
import Testing

/// Answers given from a request's line before the request is built (`LineShortcut`): only for
/// requests with neutral headers, no body and a short line, under a key that tells every piece
/// of the line apart.
@Suite struct LineShortcutTests {
    /// A handler that keeps each prepared answer under the line the server read, as serve's memo
    /// does, and a shortcut that gives it back; both count their calls.
    final class Keeper: Sendable {
        let kept = Mutex<[RequestLine: PreparedResponse]>([:])
        let handled = Mutex<[RequestLine?]>([])
        let asked = Mutex(0)
        let keeps: Bool

        init(keeps: Bool = true) { self.keeps = keeps }

        func handle(_ request: ServerRequest) -> ServerResponse {
            handled.withLock { $0.append(request.line) }
            var response = ServerResponse(
                status: 200, headers: [("X-Answer", "\(request.method) \(request.rawPath)")],
                body: Data("\(request.method) \(request.path) \(request.query.map { "\($0.name)=\($0.value)" })".utf8))
            response.prepared = PreparedResponse(response)
            if keeps, let line = request.line, let prepared = response.prepared { kept.withLock { $0[line] = prepared } }
            return response
        }

        func answer(_ line: RequestLine) -> PreparedResponse? {
            asked.withLock { $0 += 1 }
            return kept.withLock { $0[line] }
        }

        var lines: [RequestLine?] { handled.withLock { $0 } }
    }

    static let neutral: Set<String> = [
        "Host", "accept", "user-agent", "accept-encoding", "connection", "content-type", "content-length", "transfer-encoding",
    ]

    /// Deadlines far past any pause of a loaded machine, on both sides: the counts these tests
    /// compare must not depend on a request that timed out, or a kept-alive connection the server
    /// cut between two requests (its default header deadline is 10 s, the transport's 10 s too).
    static func start(_ keeper: Keeper, maxLineBytes: Int = 512) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration(headerTimeout: 600, idleTimeout: 600)
        configuration.threadModel = .pool(threads: 2)
        let shortcut = LineShortcut(neutralHeaders: neutral, maxLineBytes: maxLineBytes) { keeper.answer($0) }
        let server = HTTPServer(configuration: configuration, shortcut: shortcut) { keeper.handle($0) }
        try server.start()
        return server
    }

    static func send(
        _ server: HTTPServer, _ target: String, method: HTTPMethod = .get, headers: [(name: String, value: String)] = [],
        body: Data? = nil, transport: CurlTransport = patientTransport()
    ) async throws -> HTTPResponse {
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)\(target)"))
        return try await transport.send(HTTPRequest(method: method, url: url, headers: headers, body: body))
    }

    static func patientTransport() -> CurlTransport { CurlTransport(configuration: CurlConfiguration(timeout: 120)) }

    @Test func aLineTheHandlerKeptIsAnsweredWithoutReachingItAgain() async throws {
        let keeper = Keeper()
        let server = try Self.start(keeper)
        defer { server.stop() }
        // One connection, kept alive: the shortcut's answer must leave it usable.
        let transport = Self.patientTransport()
        let answers = try await (0..<3).asyncMap { _ in try await Self.send(server, "/page?a=1&b", transport: transport) }
        let head = try await Self.send(server, "/page?a=1&b", method: .head, transport: transport)
        let headAgain = try await Self.send(server, "/page?a=1&b", method: .head, transport: transport)

        #expect(keeper.lines.count == 2, "one GET and one HEAD reach the handler")
        #expect(keeper.lines.allSatisfy { $0 != nil })
        #expect(keeper.asked.withLock { $0 } == 5)
        for answer in answers {
            #expect(answer.status == 200)
            #expect(answer.header("X-Answer") == "GET /page")
            #expect(String(decoding: answer.body, as: UTF8.self) == #"GET /page ["a=1", "b="]"#)
        }
        #expect(headAgain.status == 200 && headAgain.header("X-Answer") == "HEAD /page" && headAgain.body.isEmpty)
        #expect(head.header("Content-Length") == headAgain.header("Content-Length"))
    }

    @Test func aHeaderOutsideTheNeutralOnesOrABodyAlwaysTakesTheLongWay() async throws {
        let keeper = Keeper()
        let server = try Self.start(keeper)
        defer { server.stop() }
        for _ in 0..<2 {
            #expect(try await Self.send(server, "/page", headers: [("Authorization", "Bearer t")]).status == 200)
            // Content-Length and Transfer-Encoding are listed as neutral, and are not: they announce a body.
            #expect(try await Self.send(server, "/page", method: .post, body: Data("{}".utf8)).status == 200)
        }
        #expect(keeper.lines.count == 4)
        #expect(keeper.lines.allSatisfy { $0 == nil })
        #expect(keeper.asked.withLock { $0 } == 0)
        // Header names match in any case.
        _ = try await Self.send(server, "/page", headers: [("ACCEPT", "*/*"), ("user-AGENT", "x")])
        #expect(keeper.lines.last! != nil)
    }

    @Test func everyPieceOfTheLineAndItsEncodingMakeADifferentKey() async throws {
        let keeper = Keeper(keeps: false)
        let server = try Self.start(keeper)
        defer { server.stop() }
        let targets = ["/a?b=c", "/a?bc=", "/ab?c=", "/a?b=c&d", "/a?b=c&d=1", "/%61?b=c", "/a?b=%63", "/a/?b=c", "/a?d&b=c"]
        for target in targets { _ = try await Self.send(server, target) }
        _ = try await Self.send(server, "/a?b=c", method: .head)
        _ = try await Self.send(server, "/a?b=c")
        _ = try await Self.send(server, "/a?b=c&d=")

        let lines = keeper.lines.compactMap { $0 }
        #expect(lines.count == targets.count + 3)
        #expect(Set(lines.prefix(targets.count + 1)).count == targets.count + 1)
        #expect(lines[targets.count + 1] == lines[0], "the same line twice")
        // A bare `?d` is `d=` to the handler, and to the key.
        #expect(lines[targets.count + 2] == lines[3])
    }

    @Test func aLineOverTheLimitGoesTheLongWayWithoutAKey() async throws {
        let keeper = Keeper()
        let server = try Self.start(keeper, maxLineBytes: 40)
        defer { server.stop() }
        let long = ["/" + String(repeating: "p", count: 40), "/page?q=" + String(repeating: "x", count: 30)]
        for target in long + long { #expect(try await Self.send(server, target).status == 200) }
        #expect(keeper.lines.count == 4)
        #expect(keeper.lines.allSatisfy { $0 == nil })
        _ = try await Self.send(server, "/page?q=" + String(repeating: "x", count: 20))
        #expect(keeper.lines.last! != nil)
    }

    /// A line made in process from decoded fields never matches one read off the wire.
    @Test func aLineMadeInProcessIsKeptApartFromOneReadOffTheWire() async throws {
        let keeper = Keeper(keeps: false)
        let server = try Self.start(keeper)
        defer { server.stop() }
        _ = try await Self.send(server, "/a?b=c")
        let wire = try #require(keeper.lines.first ?? nil)
        let decoded = try #require(RequestLine(ServerRequest(method: "GET", path: "/a", query: [(name: "b", value: "c")]), limit: 512))

        #expect(wire != decoded)
        #expect(decoded == RequestLine(ServerRequest(method: "GET", path: "/a", query: [(name: "b", value: "c")]), limit: 512))
        #expect(
            RequestLine(
                ServerRequest(method: "GET", path: "/a", query: [(name: "b", value: String(repeating: "c", count: 600))]), limit: 512)
                == nil)
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
