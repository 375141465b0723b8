import APICheck
import CurlClient
import Foundation
import TestSupport
import Testing

/// A connection closed before the header block ended is a broken transfer (libcurl alone hands
/// back the status line with an empty body), while a complete header block is an answer.
@Suite struct CurlCutHeaderTests {
    @Test(arguments: ["HTTP/1.1 200 OK\r\nContent-Ty", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", "HTTP/1.1 200 OK\r\n"])
    func aHeaderBlockCutShortIsATransportError(reply: String) async throws {
        let server = try RawSocketServer(reply: Data(reply.utf8))
        defer { server.stop() }

        let error = await transportError {
            try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/cut?access_token=s3cret")))
        }

        #expect(error?.kind == .other)
        #expect(error?.message == "the connection closed in the middle of the response headers")
        #expect(error?.url?.contains("s3cret") == false)
    }

    @Test func aCompleteHeaderBlockWithoutABodyIsAnAnswer() async throws {
        let server = try RawSocketServer(reply: Data("HTTP/1.1 204 No Content\r\nX-Done: yes\r\n\r\n".utf8))
        defer { server.stop() }

        let response = try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/empty")))

        #expect(response.status == 204)
        #expect(response.header("X-Done") == "yes")
    }

    @Test func throughTheClientItIsATransportFindingNotAnEmptyBody() async throws {
        let server = try RawSocketServer(reply: Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".utf8))
        defer { server.stop() }
        let item = Endpoint<NoContent>(id: "items.show", .get, "items", mock: "items")
        let api = API(name: "cut", envelope: EnvelopePolicy(), endpoints: [item])
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let client = APIClient(api: api, baseURL: server.url("/"), transport: transport)

        let outcome = await client.call(item.erased)

        let error = try #require(outcome.error)
        #expect(Finding(error).kind == .transport)
        #expect(outcome.exchange == nil)
    }
}
