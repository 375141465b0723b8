import APICheck
@testable import CurlClient
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Failures only the libcurl transport's own queue can have. The failures every network
/// transport is held to are in `TransportFailureScenarioTests`.
@Suite struct CurlTransportFailureTests {
    @Test func cancellingAQueuedRequestNeverSendsIt() async throws {
        let server = try HeldServer(holding: { $0.path == "/first" }, answer: { ServerResponse(body: Data($0.path.utf8)) })
        defer { server.stop() }
        // One slot, and a timeout no pause of a loaded machine reaches: "/first" holds the slot
        // until the test releases it, so "/queued" stays queued until the test cancels it.
        let transport = CurlTransport(configuration: CurlConfiguration(concurrency: 1, timeout: 120))

        async let first = transport.send(HTTPRequest(method: .get, url: server.url("/first")))
        while server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        let queued = Task { try await transport.send(HTTPRequest(method: .get, url: server.url("/queued"))) }
        while transport.queuedRequests == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        queued.cancel()
        let result = await queued.result
        server.release()

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(try await String(decoding: first.body, as: UTF8.self) == "/first")
        // The slot serves the queue in order: a "/queued" left in it would reach the server first.
        _ = try await transport.send(HTTPRequest(method: .get, url: server.url("/after")))
        #expect(server.requests.map(\.path) == ["/first", "/after"])
        #expect(transport.queuedRequests == 0)
    }
}
