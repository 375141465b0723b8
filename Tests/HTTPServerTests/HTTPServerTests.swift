import APICheck
import CurlClient
import Foundation
import HTTPServer
import TestSupport
import Testing

/// The server as the sandbox uses it, exercised through the libcurl transport.
@Suite struct HTTPServerTests {
    @Test func pathAndQueryAreDecodedInOrder() async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        _ = try await CurlTransport().send(
            HTTPRequest(
                method: .get, url: server.url("/Api/a%20b/%C3%BC?x=1&name=J%C3%BCrgen%20M&x=2&flag&amp=a%26b%3Dc")))

        let seen = try #require(server.requests.first)
        #expect(seen.method == "GET")
        #expect(seen.path == "/Api/a b/ü")
        #expect(seen.query.map(\.name) == ["x", "name", "x", "flag", "amp"])
        #expect(seen.query.map(\.value) == ["1", "Jürgen M", "2", "", "a&b=c"])
        #expect(seen.queryValue("x") == "1")
        #expect(seen.queryValue("missing") == nil)
    }

    @Test func headerLookupIgnoresCase() async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        _ = try await CurlTransport().send(
            HTTPRequest(
                method: .get, url: server.url("/"),
                headers: [(name: "X-Api-Key", value: "k1")]))

        let seen = try #require(server.requests.first)
        #expect(seen.header("x-api-key") == "k1")
        #expect(seen.header("X-API-KEY") == "k1")
        #expect(seen.header("Host") == "127.0.0.1:\(server.server.port)")
        #expect(seen.header("X-Absent") == nil)
    }

    @Test func largeUploadArrivesWhole() async throws {
        let upload = Fixtures.pattern(count: 8 << 20)
        let server = try TestServer { request in
            ServerResponse(body: Data("\(request.body.count)".utf8))
        }
        defer { server.stop() }

        let response = try await CurlTransport().send(HTTPRequest(method: .post, url: server.url("/upload"), body: upload))

        #expect(String(decoding: response.body, as: UTF8.self) == "\(8 << 20)")
        #expect(server.requests.first?.body == upload)
    }

    @Test func uploadOverTheCapIsAnswered413WithoutReachingTheHandler() async throws {
        let server = try TestServer { _ in ServerResponse(body: Data("handled".utf8)) }
        defer { server.stop() }

        let upload = Fixtures.pattern(count: HTTPServer.maxRequestBody + 1)
        let response = try await CurlTransport().send(HTTPRequest(method: .post, url: server.url("/upload"), body: upload))

        #expect(response.status == 413)
        #expect(String(decoding: response.body, as: UTF8.self) == "request body over \(HTTPServer.maxRequestBody) bytes\n")
        #expect(server.requests.isEmpty)
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        // On a loaded machine this task may wait its turn for longer than the default header
        // deadline (10 s) between two requests; the server would then rightly cut the idle
        // connection. A long deadline leaves keep-alive itself as the only way to one connection.
        let server = try TestServer(configuration: .init(headerTimeout: 600, idleTimeout: 600)) { request in
            ServerResponse(body: request.body)
        }
        defer { server.stop() }
        let transport = CurlTransport()

        for index in 0..<20 {
            let body = Data("request \(index)".utf8)
            let response = try await transport.send(
                HTTPRequest(
                    method: index.isMultiple(of: 2) ? .post : .put,
                    url: server.url("/echo"), body: body))
            #expect(response.body == body)
            #expect(response.header("Connection")?.lowercased() != "close")
        }

        #expect(transport.connectionsOpened == 1)
    }

    @Test(.timeLimit(.minutes(3))) func blockedHandlerDoesNotBlockOthers() async throws {
        let release = DispatchSemaphore(value: 0)
        // "/blocked" is held until the test releases it. The wait's bound and the transport's
        // timeout only keep a broken server from hanging the run: a 10 s bound ran out on a
        // loaded machine before "/other" was in, and "/blocked" was no longer held.
        let server = try TestServer { request in
            if request.path == "/blocked" { _ = release.wait(timeout: .now() + 120) }
            return ServerResponse(body: Data(request.path.utf8))
        }
        defer {
            release.signal()
            server.stop()
        }
        let transport = CurlTransport(configuration: CurlConfiguration(timeout: 150))

        async let blocked = transport.send(HTTPRequest(method: .get, url: server.url("/blocked")))
        while !server.requests.contains(where: { $0.path == "/blocked" }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let other = try await transport.send(HTTPRequest(method: .get, url: server.url("/other")))

        // "/other" was answered while "/blocked" was still held in its handler.
        #expect(String(decoding: other.body, as: UTF8.self) == "/other")
        #expect(server.peakInFlight == 2)
        release.signal()
        #expect(try await String(decoding: blocked.body, as: UTF8.self) == "/blocked")
    }

    @Test func baseURLNamesTheBoundPort() throws {
        let server = HTTPServer { _ in ServerResponse() }
        defer { server.stop() }
        #expect(server.port == 0)

        try server.start()

        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/")
    }

    @Test func portInUseIsAnErrorNamingThePort() throws {
        let first = HTTPServer { _ in ServerResponse() }
        try first.start()
        defer { first.stop() }

        let second = HTTPServer(port: first.port) { _ in ServerResponse() }
        #expect {
            try second.start()
        } throws: { error in
            let error = try #require(error as? HTTPServerError)
            return error.port == first.port && error.description.contains("\(first.port)") && !error.reason.isEmpty
        }
    }

    @Test func hostThatIsNotAnAddressIsAnError() throws {
        let server = HTTPServer(host: "not-an-address") { _ in ServerResponse() }
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    @Test func stopIsIdempotentAndClosesThePort() async throws {
        let server = try TestServer { _ in ServerResponse() }
        let url = server.url("/")
        #expect(try await CurlTransport().send(HTTPRequest(method: .get, url: url)).status == 200)

        server.stop()
        server.stop()

        let error = await transportError { try await CurlTransport().send(HTTPRequest(method: .get, url: url)) }
        #expect(error?.kind == .refused)
    }

    @Test func jsonResponseSetsContentType() {
        let response = ServerResponse.json(Data("{}".utf8), status: 201)
        #expect(response.status == 201)
        #expect(response.headers.map(\.name) == ["Content-Type"])
        #expect(response.headers.first?.value == "application/json; charset=utf-8")
        #expect(response.body == Data("{}".utf8))
        #expect(response.truncateAfter == nil)
    }
}
