import APICheck
import CurlClient
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Every way a transfer can fail without an HTTP answer, and what the error says.
@Suite struct CurlTransportFailureTests {
    @Test func sixthRedirectFails() async throws {
        let server = try TestServer(CurlTransportTests.redirectChain)
        defer { server.stop() }

        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/hop/6")))
        }

        #expect(error?.kind == .other)
        #expect(error?.message.lowercased().contains("redirect") == true)
        #expect(server.requests.count == 6)
    }

    @Test func slowServerTimesOut() async throws {
        let server = try HeldServer(answer: { _ in ServerResponse(body: Data("late".utf8)) })
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(timeout: 0.3))

        let error = await transportError {
            try await transport.send(HTTPRequest(method: .get, url: server.url("/slow?access_token=s3cret")))
        }

        #expect(error?.kind == .timeout)
        #expect(error?.url == "http://127.0.0.1:\(server.port)/slow")
        #expect(error.map { "\($0)".contains("s3cret") } == false)
    }

    @Test func closedPortIsRefused() async throws {
        let probe = try TestServer { _ in ServerResponse() }
        let port = probe.server.port
        probe.stop()

        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get,
                                                       url: URL(string: "http://127.0.0.1:\(port)/x?access_token=s3cret")!))
        }

        #expect(error?.kind == .refused)
        #expect(error?.isUnreachable == true)
        #expect(error?.url == "http://127.0.0.1:\(port)/x")
        #expect(error.map { "\($0.message) \($0.url ?? "")".contains("s3cret") } == false)
    }

    @Test func unresolvableHostIsDNS() async throws {
        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get, url: URL(string: "http://no-such-host.invalid/")!))
        }

        #expect(error?.kind == .dns)
    }

    @Test func tlsToAPlainHTTPServerIsATLSFailure() async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get,
                                                       url: URL(string: "https://127.0.0.1:\(server.server.port)/")!))
        }

        #expect(error?.kind == .tls)
        #expect(error?.isUnreachable == true)
    }

    @Test func bodyOverTheCapIsRejected() async throws {
        let server = try TestServer { _ in ServerResponse(body: Data(count: 4 << 20)) }
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(maxBodyBytes: 1 << 20))

        let error = await transportError { try await transport.send(HTTPRequest(method: .get, url: server.url("/4m"))) }

        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("1 MiB") == true)
    }

    @Test func defaultCapStopsA64MiBBody() async throws {
        let server = try TestServer { _ in ServerResponse(body: Data(count: 64 << 20)) }
        defer { server.stop() }

        let error = await transportError { try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/64m"))) }

        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("32 MiB") == true)
    }

    /// The wire size is under the cap; only the decoded size is over it, so the write callback
    /// (not the Content-Length check) must catch it.
    @Test func decodedBodyOverTheCapIsRejected() async throws {
        let server = try TestServer { _ in
            ServerResponse(headers: [(name: "Content-Encoding", value: "gzip")], body: Fixtures.gzippedZeros)
        }
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(maxBodyBytes: 64 << 10))

        let error = await transportError { try await transport.send(HTTPRequest(method: .get, url: server.url("/bomb"))) }

        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("65536 bytes") == true)

        // The same body decodes fine under a large enough cap.
        let whole = try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/bomb")))
        #expect(whole.body == Data(count: 256 << 10))
    }

    @Test func truncatedBodyIsAnError() async throws {
        let server = try TestServer { request in
            ServerResponse(body: Data(repeating: 65, count: 10_000), truncateAfter: request.path == "/cut" ? 1000 : nil)
        }
        defer { server.stop() }
        let transport = CurlTransport()

        let error = await transportError { try await transport.send(HTTPRequest(method: .get, url: server.url("/cut"))) }

        #expect(error?.kind == .other)
        #expect(error?.message.lowercased().contains("partial") == true)
        // The transport is still usable afterwards.
        let whole = try await transport.send(HTTPRequest(method: .get, url: server.url("/whole")))
        #expect(whole.body.count == 10_000)
    }

    @Test func unsupportedSchemeIsRejected() async throws {
        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get, url: URL(string: "file:///etc/passwd")!))
        }

        #expect(error?.kind == .other)
        #expect(error?.message.lowercased().contains("protocol") == true)
    }

    @Test func headerWithLineBreakIsRefusedBeforeSending() async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }

        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/"),
                                                       headers: [(name: "X-Token", value: "secret\r\nX-Evil: 1")]))
        }

        #expect(error?.kind == .other)
        #expect(error?.message.contains("X-Token") == true)
        #expect(error?.message.contains("secret") == false)
        #expect(server.requests.isEmpty)
    }

    @Test func cancellationDropsTheTransfer() async throws {
        let server = try HeldServer()
        defer { server.stop() }
        let transport = CurlTransport()

        let task = Task { try await transport.send(HTTPRequest(method: .get, url: server.url("/hang"))) }
        try await Task.sleep(for: .milliseconds(150))
        task.cancel()
        let result = await task.result

        // A transfer left to run would end in a timeout (a TransportError), not in cancellation.
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func cancellingAQueuedRequestNeverSendsIt() async throws {
        let server = try HeldServer(holding: { $0.path == "/first" }, answer: { ServerResponse(body: Data($0.path.utf8)) })
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(concurrency: 1))

        async let first = transport.send(HTTPRequest(method: .get, url: server.url("/first")))
        while server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        let queued = Task { try await transport.send(HTTPRequest(method: .get, url: server.url("/queued"))) }
        try await Task.sleep(for: .milliseconds(50))
        queued.cancel()
        let result = await queued.result
        server.release()

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(try await String(decoding: first.body, as: UTF8.self) == "/first")
        #expect(server.requests.map(\.path) == ["/first"])
    }

    @Test func shutdownFailsTheRequestInFlight() async throws {
        let server = try HeldServer()
        defer { server.stop() }
        let transport = CurlTransport()

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

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }
        let transport = CurlTransport()

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: server.url("/never")))
        }
        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(server.requests.isEmpty)
    }

    @Test func sendAfterShutdownFails() async throws {
        let server = try TestServer { _ in ServerResponse() }
        defer { server.stop() }
        let transport = CurlTransport()
        #expect(try await transport.send(HTTPRequest(method: .get, url: server.url("/"))).status == 200)

        transport.shutdown()
        transport.shutdown()
        let error = await transportError { try await transport.send(HTTPRequest(method: .get, url: server.url("/"))) }

        #expect(error?.kind == .other)
        #expect(error?.message.contains("shut down") == true)
    }
}
