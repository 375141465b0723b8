import APICheck
import CurlClient
import Foundation
import HTTPServer
import TestSupport
import Testing

/// What only the libcurl transport promises: connection reuse and its own transfer queue. The
/// scenarios every network transport runs are in `TransportScenarioTests`.
@Suite struct CurlTransportTests {
    @Test func connectionsAreReused() async throws {
        // A long header deadline: a loaded machine may leave this task waiting longer than the
        // default 10 s between two requests, and the server would cut the idle connection.
        let server = try TestServer(configuration: .init(headerTimeout: 600, idleTimeout: 600)) { request in
            ServerResponse(body: Data(request.path.utf8))
        }
        defer { server.stop() }
        let transport = CurlTransport()

        for index in 0..<50 {
            let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/n/\(index)")))
            #expect(String(decoding: response.body, as: UTF8.self) == "/n/\(index)")
        }

        #expect(server.requests.count == 50)
        #expect(transport.connectionsOpened >= 1)
        #expect(transport.connectionsOpened <= 2)
    }

    /// A kept connection stays in the driver's epoll set between transfers: one the server
    /// closes meanwhile is taken out when its end arrives, or found gone when libcurl opens a new
    /// socket under the same number, and every request is still answered.
    @Test func connectionsTheServerClosesBetweenTransfersAreReplaced() async throws {
        let server = try RawSocketServer(reply: Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8))
        defer { server.stop() }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        for index in 0..<20 {
            let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/n/\(index)")))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
            // Now and then the closed connection's end has reached the driver before the next transfer.
            if index % 2 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(transport.connectionsOpened == 20)
    }

    @Test func concurrencyOfOneSerialises() async throws {
        let server = try TestServer { _ in
            Thread.sleep(forTimeInterval: 0.02)
            return ServerResponse()
        }
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(concurrency: 1))

        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask { try await transport.send(HTTPRequest(method: .get, url: server.url("/"))).status }
            }
            for try await status in group { #expect(status == 200) }
        }

        #expect(server.requests.count == 6)
        #expect(server.peakInFlight == 1)
    }
}
