import APICheck
@testable import CurlClient
import Foundation
import HTTPServer
import TestSupport
import Testing

/// A transport of several multi handles (a proxy's upstream side): the transfers are spread over
/// them, and together they hold no more than `concurrency` in flight.
@Suite struct CurlTransportDriversTests {
    @Test func driversShareTheSlotsAndTheTransfers() async throws {
        let server = try HeldServer(answer: { ServerResponse(body: Data($0.path.utf8)) })
        defer { server.stop() }
        var configuration = CurlConfiguration(concurrency: 4, timeout: 120)
        configuration.drivers = 2
        let transport = CurlTransport(configuration: configuration)
        defer { transport.shutdown() }

        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/\(index)")))
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            // Every request is queued at first, before a driver's thread has taken any: waited
            // on until the slots are taken (four held, four queued), or past them (a bug). A
            // driver that takes every transfer never gets there; the polls' bound ends that wait.
            var polls = 0
            while polls < 6000 {
                let held = server.requests.count
                if held > 4 || (held == 4 && transport.queuedRequests == 4) { break }
                try await Task.sleep(for: .milliseconds(10))
                polls += 1
            }
            // Four slots in all: each driver's two. A driver with all four, or one taking every
            // transfer, would show eight held or two.
            #expect(server.requests.count == 4)
            #expect(transport.queuedRequests == 4)
            for _ in 0..<8 { server.release() }
            var bodies: Set<String> = []
            for try await body in group { bodies.insert(body) }
            return bodies
        }
        #expect(bodies == Set((0..<8).map { "/\($0)" }))
    }
}
