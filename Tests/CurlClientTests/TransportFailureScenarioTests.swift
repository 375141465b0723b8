import APICheck
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Every way a transfer can fail without an HTTP answer, and what the error says, run by every
/// network transport (`TransportUnderTest`).
@Suite struct TransportFailureScenarioTests {
    static let all = TransportUnderTest.allCases

    @Test(arguments: all)
    func sixthRedirectFails(kind: TransportUnderTest) async throws {
        let server = try TestServer(TransportScenarioTests.redirectChain)
        defer { server.stop() }

        let error = await transportError { try await kind.make().send(HTTPRequest(method: .get, url: server.url("/hop/6"))) }

        #expect(error?.kind == .other)
        #expect(error?.message.lowercased().contains("redirect") == true)
        #expect(server.requests.count == 6)
    }

    @Test(arguments: all)
    func slowServerTimesOut(kind: TransportUnderTest) async throws {
        let server = try HeldServer(answer: { _ in ServerResponse(body: Data("late".utf8)) })
        defer { server.stop() }

        let error = await transportError {
            try await kind.make(timeout: 0.3).send(HTTPRequest(method: .get, url: server.url("/slow?access_token=s3cret")))
        }

        #expect(error?.kind == .timeout)
        #expect(error?.url == "http://127.0.0.1:\(server.port)/slow")
        #expect(error.map { "\($0)".contains("s3cret") } == false)
    }

    @Test(arguments: all)
    func closedPortIsRefused(kind: TransportUnderTest) async throws {
        // A port bound and not listening: refused, and no other test's server can take it
        // meanwhile (a port freed by a stopped server could be, on a busy machine).
        let reserved = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(reserved >= 0)
        defer { close(reserved) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(reserved, $0, length) == 0 && getsockname(reserved, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))

        let error = await transportError {
            try await kind.make().send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(port)/x?access_token=s3cret")!))
        }

        #expect(error?.kind == .refused)
        #expect(error?.isUnreachable == true)
        #expect(error?.url == "http://127.0.0.1:\(port)/x")
        #expect(error.map { "\($0.message) \($0.url ?? "")".contains("s3cret") } == false)
    }

    @Test(arguments: all)
    func unresolvableHostIsDNS(kind: TransportUnderTest) async throws {
        let error = await transportError {
            try await kind.make().send(HTTPRequest(method: .get, url: URL(string: "http://no-such-host.invalid/")!))
        }

        #expect(error?.kind == .dns)
    }

    @Test(arguments: all)
    func tlsToAPlainHTTPServerIsATLSFailure(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        let error = await transportError {
            try await kind.make().send(HTTPRequest(method: .get, url: URL(string: "https://127.0.0.1:\(server.server.port)/")!))
        }

        #expect(error?.kind == .tls)
        #expect(error?.isUnreachable == true)
    }

    @Test(arguments: all)
    func bodyOverTheCapIsRejected(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse(body: Data(count: 4 << 20)) }
        defer { server.stop() }

        let error = await transportError {
            try await kind.make(maxBodyBytes: 1 << 20).send(HTTPRequest(method: .get, url: server.url("/4m")))
        }

        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("1 MiB") == true)
    }

    @Test(arguments: all)
    func defaultCapStopsA64MiBBody(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse(body: Data(count: 64 << 20)) }
        defer { server.stop() }

        let error = await transportError { try await kind.make().send(HTTPRequest(method: .get, url: server.url("/64m"))) }

        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("32 MiB") == true)
    }

    /// The wire size is under the cap; only the decoded size is over it, so the body as it is
    /// received (not the Content-Length) must be counted.
    @Test(arguments: all)
    func decodedBodyOverTheCapIsRejected(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in
            ServerResponse(headers: [(name: "Content-Encoding", value: "gzip")], body: Fixtures.gzippedZeros)
        }
        defer { server.stop() }

        let error = await transportError {
            try await kind.make(maxBodyBytes: 64 << 10).send(HTTPRequest(method: .get, url: server.url("/bomb")))
        }

        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("65536 bytes") == true)
        // The same body decodes fine under a large enough cap.
        let whole = try await kind.make().send(HTTPRequest(method: .get, url: server.url("/bomb")))
        #expect(whole.body == Data(count: 256 << 10))
    }

    @Test(arguments: all)
    func truncatedBodyIsAnError(kind: TransportUnderTest) async throws {
        let server = try TestServer { request in
            ServerResponse(body: Data(repeating: 65, count: 10_000), truncateAfter: request.path == "/cut" ? 1000 : nil)
        }
        defer { server.stop() }
        let transport = kind.make()

        let error = await transportError { try await transport.send(HTTPRequest(method: .get, url: server.url("/cut"))) }

        #expect(error?.kind == .other)
        if kind.reportsPartialBody {
            #expect(error?.message.lowercased().contains("partial") == true)
        }
        // The transport is still usable afterwards.
        let whole = try await transport.send(HTTPRequest(method: .get, url: server.url("/whole")))
        #expect(whole.body.count == 10_000)
    }

    @Test(arguments: all)
    func unsupportedSchemeIsRejected(kind: TransportUnderTest) async throws {
        let error = await transportError {
            try await kind.make().send(HTTPRequest(method: .get, url: URL(string: "file:///etc/passwd")!))
        }

        #expect(error?.kind == .other)
        #expect(error?.message.lowercased().contains("protocol") == true)
    }

    @Test(arguments: all)
    func headerWithLineBreakIsRefusedBeforeSending(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        let error = await transportError {
            try await kind.make().send(
                HTTPRequest(
                    method: .get, url: server.url("/"),
                    headers: [(name: "X-Token", value: "secret\r\nX-Evil: 1")]))
        }

        #expect(error?.kind == .other)
        #expect(error?.message.contains("X-Token") == true)
        #expect(error?.message.contains("secret") == false)
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: all)
    func cancellationDropsTheTransfer(kind: TransportUnderTest) async throws {
        let server = try HeldServer()
        defer { server.stop() }
        // The server holds the request until the test ends; the timeout is only there so that a
        // transfer left to run ends at all, far past any pause of a loaded machine.
        let transport = kind.make(timeout: 120)

        let task = Task { try await transport.send(HTTPRequest(method: .get, url: server.url("/hang"))) }
        while server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        let result = await task.result

        // A transfer left to run would end in a timeout (a TransportError), not in cancellation.
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test(arguments: all)
    func alreadyCancelledTaskSendsNothing(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }
        let transport = kind.make()

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: server.url("/never")))
        }
        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: all)
    func shutdownFailsTheRequestInFlight(kind: TransportUnderTest) async throws {
        let server = try HeldServer()
        defer { server.stop() }
        // Only the shutdown may end the transfer; a timeout no pause of a loaded machine reaches.
        let transport = kind.make(timeout: 120)

        async let inFlight = transportError {
            try await transport.send(HTTPRequest(method: .get, url: server.url("/held?access_token=s3cret")))
        }
        while server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        transport.shutdown()
        let error = await inFlight

        #expect(error?.kind == .other)
        #expect(error?.message.contains("shut down") == true)
        #expect(error?.url == "http://127.0.0.1:\(server.port)/held")
    }

    @Test(arguments: all)
    func sendAfterShutdownFails(kind: TransportUnderTest) async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }
        let transport = kind.make()
        #expect(try await transport.send(HTTPRequest(method: .get, url: server.url("/"))).status == 200)

        transport.shutdown()
        transport.shutdown()
        let error = await transportError { try await transport.send(HTTPRequest(method: .get, url: server.url("/"))) }

        #expect(error?.kind == .other)
        #expect(error?.message.contains("shut down") == true)
    }

    @Test(
        arguments: all.filter(\.survivesCutHeaderBlock),
        ["HTTP/1.1 200 OK\r\nContent-Ty", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", "HTTP/1.1 200 OK\r\n"])
    func aHeaderBlockCutShortIsATransportError(kind: TransportUnderTest, reply: String) async throws {
        let server = try RawSocketServer(reply: Data(reply.utf8))
        defer { server.stop() }

        let error = await transportError {
            try await kind.make().send(HTTPRequest(method: .get, url: server.url("/cut?access_token=s3cret")))
        }

        #expect(error?.kind == .other)
        #expect(error?.url?.contains("s3cret") == false)
    }
}
