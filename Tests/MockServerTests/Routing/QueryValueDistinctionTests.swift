import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// One route, two answers chosen by a query value, in Datasette's manner: `rows.json?_shape=array`
/// is a bare array, `?_shape=objects` an object around the rows, and no `_shape` is refused.
@Suite struct QueryValueDistinctionTests {
    struct Row: Codable, Sendable { var id: Int }
    struct Rows: Codable, Sendable { var rows: [Row] }

    static let api = API(
        name: "shapes", envelope: .none, errors: ErrorShape(code: "$.status", message: "$.error"),
        endpoints: [
            Endpoint<[Row]>(id: "rows.array", .get, "rows.json", mock: "rows_array", distinguishedBy: .query("_shape", value: "array")),
            Endpoint<Rows>(
                id: "rows.objects", .get, "rows.json", mock: "rows_objects", distinguishedBy: .query("_shape", value: "objects")),
        ])

    static func backend() throws -> TestServer {
        try TestServer { request in
            switch request.queryValue("_shape") {
            case "array": .json(Data(#"[{"id": 1}, {"id": 2}]"#.utf8))
            case "objects": .json(Data(#"{"rows": [{"id": 1}, {"id": 2}]}"#.utf8))
            default: .json(Data(#"{"status": 400, "error": "_shape must be array or objects"}"#.utf8), status: 400)
            }
        }
    }

    @Test func eachValueIsItsOwnEndpointInEveryCommand() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        let trip = try await DeclarationRoundTrip.run(Self.api, backend: backend.url("/"))
        #expect(trip.live.code == 0, "\(trip.live.text)")
        #expect(Set(backend.requests.compactMap { $0.queryValue("_shape") }).isSuperset(of: ["array", "objects"]))
        #expect(trip.record.code == 0, "\(trip.record.text)")
        #expect(trip.recorded["rows_array.json"]?.hasPrefix("[") == true, "\(trip.recorded)")
        #expect(trip.recorded["rows_objects.json"]?.hasPrefix("{") == true, "\(trip.recorded)")
        #expect(trip.mocks.code == 0, "\(trip.mocks.text)")
        #expect(trip.list.out.contains("rows.json [query _shape = array]"), "\(trip.list.out)")
        #expect(trip.list.out.contains("rows.json [query _shape = objects]"), "\(trip.list.out)")

        #expect(trip.openapi.code == 0, "\(trip.openapi.err)")
        let operation = try JSONParser.parse(Data(trip.openapi.out.utf8))["paths"]?["/rows.json"]?["get"]
        guard case let .array(parameters)? = operation?["parameters"] else { Issue.record("no parameters"); return }
        let shape = try #require(parameters.first { $0["name"] == .string("_shape") })
        #expect(shape["in"] == .string("query") && shape["required"] == .bool(true))
        #expect(shape["schema"]?["enum"] == .array([.string("array"), .string("objects")]), "\(shape.compactText)")
        #expect(operation?["description"]?.stringValue?.contains("rows.objects (query _shape = objects)") == true)

        #expect(trip.liveAgainstServe.code == 0, "\(trip.liveAgainstServe.text)")
        #expect(
            trip.served.contains("\"endpoint\":\"rows.array\"") && trip.served.contains("\"endpoint\":\"rows.objects\""),
            "\(trip.served)")
    }

    /// The value decides, not the parameter's presence: both requests carry `_shape`.
    @Test func serveRoutesByTheValueNotByThePresence() throws {
        let mocks = try TemporaryMocks(files: ["rows_array.json": #"[{"id": 1}]"#, "rows_objects.json": #"{"rows": [{"id": 2}]}"#])
        defer { mocks.remove() }
        let server = try MockServer(api: Self.api, mocks: mocks.url)
        func answer(_ shape: String) throws -> JSONValue {
            try JSONParser.parse(server.respond(to: ServerRequest(method: "GET", path: "/rows.json", query: [("_shape", shape)])).body)
        }
        #expect(try answer("objects")["rows"]?[0]?["id"] == .number("2"))
        #expect(try answer("array")[0]?["id"] == .number("1"))
    }
}
