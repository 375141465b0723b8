import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// A range read in CouchDB's `_all_docs` manner: the request's JSON body carries the cursor,
/// `{"start_key": <last key of the previous page>, "limit": 3}`, and the page starts with that
/// key. live follows it in the body; serve pages its mock by it.
@Suite struct BodyCursorPagingTests {
    struct Row: Codable, Sendable {
        var id: String
        var key: String
    }

    struct AllDocs: Codable, Sendable { var rows: [Row] }

    static let keys = ["a", "b", "c", "d", "e"]

    static let api = API(
        name: "couch", envelope: .none, errors: ErrorShape(code: "$.error", message: "$.reason"),
        endpoints: [
            Endpoint<AllDocs>(
                id: "docs.all", .post, "db/_all_docs",
                parameters: [.body("start_key", .string, required: false), .body("limit", .int, sample: .literal(3))],
                mock: "all_docs",
                paging: Paging(
                    ids: "$.rows[*].key", order: nil, cursor: .id(parameter: "start_key", inclusive: true), size: "limit",
                    maxPages: 5, mustEnd: true))
        ])

    static func page(from start: String?, limit: Int) -> Data {
        let rows = keys.filter { start == nil || $0 >= start! }.prefix(limit)
        let items = rows.map { #"{"id": "\#($0)", "key": "\#($0)"}"# }.joined(separator: ", ")
        return Data(#"{"total_rows": 5, "rows": [\#(items)]}"#.utf8)
    }

    @Test func liveFollowsTheCursorInTheBodyAndServePagesByIt() async throws {
        let backend = try TestServer { request in
            guard let body = try? JSONParser.parse(request.body), let limit = body["limit"].flatMap({ Int($0.compactText) }) else {
                return .json(Data(#"{"error": "bad_request", "reason": "a JSON body with a limit"}"#.utf8), status: 400)
            }
            return .json(Self.page(from: body["start_key"]?.stringValue, limit: limit))
        }
        defer { backend.stop() }
        let trip = try await DeclarationRoundTrip.run(Self.api, backend: backend.url("/"))
        #expect(trip.live.code == 0, "\(trip.live.text)")
        let starts = backend.requests.map { (try? JSONParser.parse($0.body))?["start_key"]?.stringValue ?? "-" }
        #expect(starts.starts(with: ["-", "c", "e"]), "\(starts)")
        #expect(trip.record.code == 0, "\(trip.record.text)")
        #expect(trip.mocks.code == 0, "\(trip.mocks.text)")
        #expect(trip.openapi.code == 0, "\(trip.openapi.err)")
        #expect(trip.liveAgainstServe.code == 0, "\(trip.liveAgainstServe.text)")
    }

    @Test func serveStartsThePageAtTheBodysKey() throws {
        let mocks = try TemporaryMocks(files: ["all_docs.json": String(decoding: Self.page(from: nil, limit: 5), as: UTF8.self)])
        defer { mocks.remove() }
        let server = try MockServer(api: Self.api, mocks: mocks.url)
        func keys(_ body: String) throws -> [String] {
            let answer = server.respond(
                to: ServerRequest(
                    method: "POST", path: "/db/_all_docs",
                    headers: [("content-type", "application/json")], body: Data(body.utf8)))
            guard case let .array(rows)? = try JSONParser.parse(answer.body)["rows"] else { return [] }
            return rows.compactMap { $0["key"]?.stringValue }
        }
        #expect(try keys(#"{"limit": 3}"#) == ["a", "b", "c"])
        #expect(try keys(#"{"start_key": "c", "limit": 3}"#) == ["c", "d", "e"])
        #expect(try keys(#"{"start_key": "e", "limit": 3}"#) == ["e"])
    }

    @Test func aBodyCursorIsNoDeclarationProblem() {
        #expect(Self.api.problems.map(\.message) == [])
    }
}
