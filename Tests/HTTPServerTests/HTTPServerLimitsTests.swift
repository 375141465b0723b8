import APICheck
import CurlClient
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Each limit of `HTTPServerConfiguration`, with numbers small enough to reach in a test.
/// (ci/attack runs the full-size attacks against the sandbox and measures them.)
@Suite struct HTTPServerLimitsTests {
    /// A started server with these limits whose handler echoes the body's size; requests to
    /// `/hold` wait until `release` is signalled (or 60 s pass: on a loaded machine the requests a
    /// test sends meanwhile may take seconds, and an early release would free the budget).
    final class Limited: Sendable {
        let server: HTTPServer
        let release = DispatchSemaphore(value: 0)
        private let seen = Seen()

        final class Seen: Sendable {
            let requests = Mutex<[String]>([])
        }

        init(_ configuration: HTTPServerConfiguration) throws {
            let release = release
            let seen = seen
            server = HTTPServer(configuration: configuration) { request in
                seen.requests.withLock { $0.append(request.method + " " + request.path) }
                if request.path == "/hold" { _ = release.wait(timeout: .now() + 60) }
                return ServerResponse(body: Data("\(request.method) \(request.body.count)".utf8))
            }
            try server.start()
        }

        var handled: [String] { seen.requests.withLock { $0 } }

        func post(_ path: String, bytes: Int) async throws -> HTTPResponse {
            try await CurlTransport(configuration: CurlConfiguration(timeout: 60))
                .send(HTTPRequest(method: .post, url: url(path), body: Data(repeating: 0x61, count: bytes)))
        }

        func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(server.port)\(path)")! }

        func stop() {
            release.signal()
            server.stop()
        }
    }

    @Test func aBodyOverTheBudgetIsAnswered503WithoutReachingTheHandler() async throws {
        let server = try Limited(.init(requestBodyBudget: 1000, smallRequestBody: 0))
        defer { server.stop() }

        let refused = try await server.post("/big", bytes: 1001)
        let admitted = try await server.post("/small", bytes: 1000)

        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(String(decoding: refused.body, as: UTF8.self) == "too many request bodies in flight; try again\n")
        #expect(admitted.status == 200)
        #expect(String(decoding: admitted.body, as: UTF8.self) == "POST 1000")
        #expect(server.handled == ["POST /small"])
        #expect(server.server.requestBodiesInFlight == 0)
    }

    @Test func theBudgetIsSharedByAllConnectionsAndGivenBackOnCompletion() async throws {
        let server = try Limited(.init(requestBodyBudget: 1000, smallRequestBody: 100))
        defer { server.stop() }

        // The held request keeps its 800 bytes booked while its handler runs.
        async let held = server.post("/hold", bytes: 800)
        while !server.handled.contains("POST /hold") { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.server.requestBodiesInFlight == 800)

        let second = try await server.post("/second", bytes: 800)
        let small = try await server.post("/small", bytes: 100)
        server.release.signal()
        #expect(try await held.status == 200)
        let third = try await server.post("/third", bytes: 800)

        #expect(second.status == 503)
        // Small bodies are admitted even when the budget is spent.
        #expect(small.status == 200)
        #expect(third.status == 200)
        #expect(server.server.requestBodiesInFlight == 0)
    }

    /// With the budget all booked, a body of exactly the small size still gets in; one byte
    /// more is turned away.
    @Test func aSmallBodyGetsInWhenTheBudgetIsSpent() async throws {
        let server = try Limited(.init(requestBodyBudget: 1000, smallRequestBody: 100))
        defer { server.stop() }

        async let held = server.post("/hold", bytes: 1000)
        while !server.handled.contains("POST /hold") { try await Task.sleep(for: .milliseconds(10)) }
        let small = try await server.post("/small", bytes: 100)
        let over = try await server.post("/over", bytes: 101)
        server.release.signal()

        #expect(try await held.status == 200)
        #expect(small.status == 200)
        #expect(String(decoding: small.body, as: UTF8.self) == "POST 100")
        #expect(over.status == 503)
    }

    @Test func aBigBodyOverTheBudgetIsAnsweredAtOnceWithoutBeingRead() throws {
        let server = try Limited(.init(requestBodyBudget: 1000, smallRequestBody: 0))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port)

        // 2 MiB announced, not one byte sent: the answer comes anyway and the connection ends.
        connection.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(2 << 20)\r\n\r\n")
        let answer = String(decoding: try #require(connection.readUntilClosed()), as: UTF8.self)

        #expect(answer.hasPrefix("HTTP/1.1 503 "))
        #expect(answer.hasSuffix("too many request bodies in flight; try again\n"))
        #expect(server.handled.isEmpty)
    }

    @Test func aChunkedBodyIsBookedAsItGrows() async throws {
        let server = try Limited(.init(requestBodyBudget: 1000, smallRequestBody: 0))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port)

        connection.send("POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        connection.send("258\r\n" + String(repeating: "a", count: 600) + "\r\n")
        connection.send("258\r\n" + String(repeating: "b", count: 600) + "\r\n0\r\n\r\n")
        let answer = String(decoding: try #require(connection.readUntilClosed()), as: UTF8.self)

        #expect(answer.hasPrefix("HTTP/1.1 503 "))
        #expect(server.handled.isEmpty)
    }

    /// The cap is in bytes, announced or not: a body of exactly `maxRequestBody` bytes reaches
    /// the handler, one byte more is answered 413, whether its length was announced or it came
    /// in chunks (which are counted as they arrive).
    @Test(arguments: [(false, 1000, "200"), (false, 1001, "413"), (true, 1000, "200"), (true, 1001, "413")])
    func theBodyCapIsExactAnnouncedOrChunked(_ chunked: Bool, _ bytes: Int, _ status: String) throws {
        let server = try Limited(.init(maxRequestBody: 1000))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port)

        let first = String(repeating: "a", count: 600), rest = String(repeating: "b", count: bytes - 600)
        if chunked {
            connection.send("POST /capped HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            connection.send(String(first.utf8.count, radix: 16) + "\r\n" + first + "\r\n")
            connection.send(String(rest.utf8.count, radix: 16) + "\r\n" + rest + "\r\n0\r\n\r\n")
        } else {
            connection.send("POST /capped HTTP/1.1\r\nHost: x\r\nContent-Length: \(bytes)\r\nConnection: close\r\n\r\n" + first + rest)
        }
        let answer = String(decoding: try #require(connection.readUntilClosed()), as: UTF8.self)

        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer)")
        if status == "200" {
            #expect(answer.hasSuffix("\r\n\r\nPOST \(bytes)"))
            #expect(server.handled == ["POST /capped"])
        } else {
            #expect(answer.hasSuffix("request body over 1000 bytes\n"))
            #expect(server.handled.isEmpty)
        }
    }

    @Test func aHeaderTrickledPastTheDeadlineIsCutOff() async throws {
        let server = try Limited(.init(headerTimeout: 1))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port)

        // A byte every 100 ms keeps libmicrohttpd's idle timeout (60 s) from ever firing; only
        // the header deadline can end this. 100 bytes would take 10 s.
        let cut = try await connection.trickle(
            "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 100),
            interval: .milliseconds(100))

        #expect(cut)
        #expect(connection.readUntilClosed() != nil)
        #expect(server.handled.isEmpty)
    }

    @Test func aSilentConnectionIsCutAtTheHeaderDeadline() throws {
        let server = try Limited(.init(headerTimeout: 1))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port, readTimeout: 20)

        #expect(connection.readUntilClosed() == Data())
    }

    @Test func aBodyNotFinishedByTheDeadlineIsCutOff() async throws {
        let server = try Limited(.init(bodyTimeout: 1))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port)

        connection.send("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        let cut = try await connection.trickle(String(repeating: "a", count: 100), interval: .milliseconds(100))

        #expect(cut)
        #expect(server.handled.isEmpty)
        #expect(server.server.requestBodiesInFlight == 0)
    }

    /// Ten requests half a second apart on one connection: 4.5 s in all, more than twice the
    /// 2 s deadline, so a deadline counted from the accept instead of from the last answer cuts
    /// the connection halfway. The server may still cut it on a machine that stalls, but only
    /// when a header really waited past the deadline; and that wait is bounded on the test's
    /// side: it starts after the previous request was sent and ends before its answer (or the
    /// close) was seen. So a close is a failure only when that window was within the deadline.
    @Test func aKeepAliveConnectionGetsAFreshHeaderDeadlineAfterEachAnswer() async throws {
        let deadline = Duration.seconds(2)
        let server = try Limited(.init(headerTimeout: 2))
        defer { server.stop() }
        let clock = ContinuousClock()
        var previousSend = clock.now
        let connection = try RawConnection(port: server.server.port)

        var answered = 0
        for index in 0..<10 {
            if index > 0 { try await Task.sleep(for: .milliseconds(500)) }
            let sending = clock.now
            let sent = connection.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = sent ? connection.readAnswer() : nil
            let window = clock.now - previousSend
            previousSend = sending
            guard let answer else {
                // The server's own deadline could have passed only if the window outgrew it.
                #expect(window > deadline, "cut after \(answered) answers, \(window) after the previous request was sent")
                break
            }
            #expect(answer.hasPrefix("HTTP/1.1 200 "))
            answered += 1
        }
        #expect(server.handled.count == answered)
    }

    /// After an answer the connection waits for the next header under the same deadline as a
    /// fresh one: a client that goes silent on a keep-alive connection is cut, not kept for the
    /// minute of libmicrohttpd's idle timeout.
    @Test func aSilentKeepAliveConnectionIsCutAtTheHeaderDeadlineAfterAnAnswer() throws {
        let server = try Limited(.init(headerTimeout: 1))
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port, readTimeout: 20)

        connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = try #require(connection.readAnswer())

        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(connection.readUntilClosed() == Data())
    }

    @Test func connectionsPastThePerClientLimitAreClosed() async throws {
        let server = try Limited(.init(perClientConnectionLimit: 2))
        defer { server.stop() }

        var held = [try RawConnection(port: server.server.port), try RawConnection(port: server.server.port)]
        let extra = try RawConnection(port: server.server.port)
        #expect(extra.readUntilClosed() == Data())

        held.removeAll()
        // The two slots are free again once their connections are gone.
        var status = 0
        for _ in 0..<50 where status != 200 {
            status = (try? await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/"))).status) ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(status == 200)
    }

    @Test func connectionsPastTheGlobalLimitAreClosed() throws {
        let server = try Limited(.init(connectionLimit: 2, perClientConnectionLimit: 0))
        defer { server.stop() }

        let held = [try RawConnection(port: server.server.port), try RawConnection(port: server.server.port)]
        let extra = try RawConnection(port: server.server.port)

        #expect(extra.readUntilClosed() == Data())
        #expect(held.count == 2)
    }

    @Test func headIsAnsweredWithTheHeadersOfGetAndNoBody() async throws {
        let server = try Limited(.init())
        defer { server.stop() }
        let connection = try RawConnection(port: server.server.port)

        connection.send("HEAD /page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let answer = String(decoding: try #require(connection.readUntilClosed()), as: UTF8.self)
        let response = try await CurlTransport().send(HTTPRequest(method: .head, url: server.url("/page")))

        // The handler answered "HEAD 0" (6 bytes); only its length went out.
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(answer.contains("Content-Length: 6\r\n"))
        #expect(answer.hasSuffix("\r\n\r\n"))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(server.handled == ["HEAD /page", "HEAD /page"])
    }
}
