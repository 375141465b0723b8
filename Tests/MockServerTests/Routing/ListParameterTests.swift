import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// A metrics API with lists in the query in each style and in a body: the client sends them as
/// declared, `serve` reads and validates them the same way.
enum MetricsAPI {
    struct Series: Codable, Sendable {
        var status: String
    }

    static let series = Endpoint<Series>(
        id: "series.find", .get, "series",
        parameters: [
            .queryList("match", .string, .brackets, required: true, sample: .literal(["up", "rate(x[1m])"])),
            .queryList("id", .int, .commaSeparated, sample: .literal([1, 2])),
            .queryList("tag", .string, .repeated, sample: .literal(["a b", "c,d"])),
        ],
        mock: "series", enveloped: false)
    static let query = Endpoint<Series>(
        id: "series.query", .post, "query",
        parameters: [.bodyList("ids", .int, sample: .literal([3, 4]))],
        mock: "query", enveloped: false)

    static let api = API(
        name: "metrics", environments: ["local": URL(string: "http://127.0.0.1:9000/api/")!],
        envelope: EnvelopePolicy(), endpoints: [series, query])
    static let mocks = ["series.json": #"{"status": "success"}"#, "query.json": #"{"status": "success"}"#]
}

@Suite(.serialized) struct ListParameterTests {
    @Test func theClientSendsEachStyleAsDeclared() throws {
        let builder = RequestBuilder(api: MetricsAPI.api, baseURL: URL(string: "http://h.invalid/api/")!)
        let request = try builder.request(
            for: MetricsAPI.series.erased,
            ["match": ["up", "a&b"], "id": [1, 2], "tag": ["x", "y"]], token: nil)
        #expect(request.url.query == "match%5B%5D=up&match%5B%5D=a%26b&id=1%2C2&tag=x&tag=y")
        let lone = try builder.request(for: MetricsAPI.series.erased, ["match": "up"], token: nil)
        #expect(lone.url.query == "match%5B%5D=up")
        #expect(throws: APIError.self) { try builder.request(for: MetricsAPI.series.erased, ["match": ["up"], "id": ["x"]], token: nil) }
        let body = try builder.request(for: MetricsAPI.query.erased, ["ids": [3, 4]], token: nil)
        #expect(body.body.map { String(decoding: $0, as: UTF8.self) } == #"{"ids":[3,4]}"#)
    }

    @Test func serveReadsAndValidatesListsInTheQueryAndInForms() throws {
        let mocks = try TemporaryMocks(files: MetricsAPI.mocks)
        defer { mocks.remove() }
        let server = try MockServer(api: MetricsAPI.api, mocks: mocks.url)
        func status(_ query: [(String, String)]) -> Int {
            server.respond(to: ServerRequest(method: "GET", path: "/api/series", query: query)).status
        }
        #expect(status([("match[]", "up"), ("match[]", "x"), ("id", "1,2"), ("tag", "a"), ("tag", "b")]) == 200)
        #expect(status([("id", "1")]) == 400)
        let bad = server.respond(to: ServerRequest(method: "GET", path: "/api/series", query: [("match[]", "up"), ("id", "1,x")]))
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self).contains(#"id[1] (query): expects Int, got String \"x\""#))
        func form(_ text: String) -> Int {
            server.respond(
                to: ServerRequest(
                    method: "POST", path: "/api/query",
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Data(text.utf8))
            ).status
        }
        #expect(form("ids=3&ids=4") == 200)
        #expect(form("ids%5B%5D=3") == 200)
        #expect(form("ids=3&ids=x") == 400)
    }

    @Test func liveAgainstServeSendsAndServeAcceptsEveryStyleOverASocket() async throws {
        let mocks = try TemporaryMocks(files: MetricsAPI.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: MetricsAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let report = await LiveAgainstServeTests.live(harness, mocks: mocks.url, environment: [:])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(try await harness.send(.get, "series?match%5B%5D=up&id=1,zz").status == 400)
    }
}
