import APICheck
import CurlClient
import Foundation
import HTTPServer
import Testing

/// How much header a request may carry: each connection's memory (16 KiB) holds the request's
/// header, so these sizes move with it. A single line of up to about 7.9 KB gets in (nginx's
/// default is 8 KB a line), and about 14 KB over several lines; past that the answer is 431.
/// A smaller memory would make each answer cheaper (it is zeroed after every request on a
/// keep-alive connection), but 12 KiB already refused a 6 KB cookie.
@Suite struct HTTPServerHeaderSizeTests {
    static func send(_ headers: [(name: String, value: String)]) async throws -> Int {
        var configuration = HTTPServerConfiguration()
        configuration.threadModel = .pool(threads: 1)
        let server = HTTPServer(configuration: configuration) { _ in ServerResponse(body: Data("ok".utf8)) }
        try server.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/page")!
        return try await CurlTransport(configuration: CurlConfiguration(timeout: 60))
            .send(HTTPRequest(method: .get, url: url, headers: headers)).status
    }

    @Test func aCookieOf7500BytesGetsIn() async throws {
        #expect(try await Self.send([("Cookie", "a=" + String(repeating: "x", count: 7_500))]) == 200)
    }

    @Test func thirteenHeadersOf1000BytesGetIn() async throws {
        let headers = (1...13).map { (name: "X-Field-\($0)", value: String(repeating: "x", count: 1_000)) }
        #expect(try await Self.send(headers) == 200)
    }

    @Test func aLineOf9000BytesIsAnswered431() async throws {
        #expect(try await Self.send([("Cookie", "a=" + String(repeating: "x", count: 9_000))]) == 431)
    }
}
