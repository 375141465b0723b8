import APICheck
import CurlClient
import Foundation
import HTTPServer
import TestSupport
import Testing

/// An answer built once and sent to many requests (`ServerResponse.prepared`).
@Suite struct PreparedResponseTests {
    private static func prepared(status: Int = 201, body: String = "built once") throws -> ServerResponse {
        var response = ServerResponse(
            status: status, headers: [("Content-Type", "text/plain"), ("X-Answer", "kept")],
            body: Data(body.utf8))
        response.prepared = try #require(PreparedResponse(response))
        return response
    }

    @Test func oneAnswerServesManyRequestsOnSeveralConnectionsWhole() async throws {
        let response = try Self.prepared(body: String(repeating: "0123456789", count: 300))
        var configuration = HTTPServerConfiguration()
        configuration.threadModel = .pool(threads: 2)
        let server = HTTPServer(configuration: configuration) { _ in response }
        try server.start()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/any"))

        let answers = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let transport = CurlTransport()
                    var last: HTTPResponse?
                    for _ in 0..<5 { last = try await transport.send(HTTPRequest(method: .get, url: url)) }
                    return try #require(last)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 8)
        for answer in answers {
            #expect(answer.status == 201)
            #expect(answer.header("X-Answer") == "kept")
            #expect(answer.header("Content-Length") == "3000")
            #expect(answer.body == response.body)
        }
    }

    @Test func aHeadRequestGetsThePreparedHeadersWithoutTheBody() async throws {
        let response = try Self.prepared()
        let server = try TestServer { _ in response }
        defer { server.stop() }

        let head = try await CurlTransport().send(HTTPRequest(method: .head, url: server.url("/any")))
        #expect(head.status == 201)
        #expect(head.header("X-Answer") == "kept")
        #expect(head.body.isEmpty)
        let get = try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/any")))
        #expect(String(decoding: get.body, as: UTF8.self) == "built once")
    }

    /// A response changed after its answer was prepared must not send the stale answer.
    @Test func anyChangeToWhatIsSentDropsThePreparedAnswer() throws {
        let changes: [(String, (inout ServerResponse) -> Void)] = [
            ("status", { $0.status = 500 }),
            ("headers", { $0.headers.append(("Access-Control-Allow-Origin", "*")) }),
            ("body", { $0.body = Data("other".utf8) }),
            ("truncateAfter", { $0.truncateAfter = 2 }),
            ("ending", { $0.ending = .close }),
            ("dribble", { $0.dribble = (bytes: 1, pause: 0.01) }),
        ]
        for (name, change) in changes {
            var response = try Self.prepared()
            change(&response)
            #expect(response.prepared == nil, "\(name)")
        }
        var delayed = try Self.prepared()
        delayed.delay = 0.2
        #expect(delayed.prepared != nil, "a delay sends the same answer later")
    }

    @Test func theChangedResponseIsWhatArrives() async throws {
        let server = try TestServer { _ in
            var response = try! Self.prepared()
            response.headers.append(("X-Added", "after"))
            return response
        }
        defer { server.stop() }

        let answer = try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/any")))
        #expect(answer.header("X-Added") == "after")
        #expect(answer.header("X-Answer") == "kept")
    }
}
