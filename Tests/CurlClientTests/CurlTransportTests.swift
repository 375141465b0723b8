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
    /// closes meanwhile is taken out when its end arrives, and one libcurl closes itself (the
    /// answer said `Connection: close`) is gone from the set by then, so that a new socket under
    /// its number must be added again. Every request is still answered.
    @Test(arguments: ["", "Connection: close\r\n"])
    func connectionsClosedBetweenTransfersAreReplaced(header: String) async throws {
        let server = try RawSocketServer(reply: Data("HTTP/1.1 200 OK\r\n\(header)Content-Length: 2\r\n\r\nok".utf8))
        defer { server.stop() }
        // The connect timeout past the transfer's: its timer would otherwise wake a transfer
        // whose socket never made it into the set, and the test would pass, only slowly.
        let transport = CurlTransport(configuration: CurlConfiguration(connectTimeout: 600, timeout: 30))
        defer { transport.shutdown() }
        for index in 0..<20 {
            let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/n/\(index)")))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
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
