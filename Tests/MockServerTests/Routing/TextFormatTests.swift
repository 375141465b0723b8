import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// A `String` parameter in a declared form (`formatted(.uuid)`, an OpenAPI `format: uuid`):
/// serve and proxy route and validate it as they do a typed one, and the export writes the format.
@Suite struct TextFormatTests {
    struct Flow: Decodable, Sendable { var id: String }

    static let id = "1e30d217-6a0c-4a5e-9f3b-2c6d1b2a9e01"

    static let read = Endpoint<Flow>(
        id: "flows.read", .get, "flows/{id}", parameters: [Parameter.path("id", .string).formatted(.uuid)],
        mock: "flow", enveloped: false)
    static let byName = Endpoint<Flow>(id: "flows.byName", .get, "flows/name/{name}", mock: "flow", enveloped: false)
    static let filter = Endpoint<Flow>(
        id: "flows.filter", .post, "flows/filter",
        parameters: [
            Parameter.query("flow_id", .string).formatted(.uuid), Parameter.bodyList("ids", .string, required: false).formatted(.uuid),
        ],
        mock: "flow", enveloped: false)

    @Test func theFormIsTheCanonicalTextInEitherCase() {
        #expect(TextFormat.uuid.matches(Self.id))
        #expect(TextFormat.uuid.matches(Self.id.uppercased()))
        #expect(!TextFormat.uuid.matches(Self.id.replacingOccurrences(of: "-", with: "")))
        #expect(!TextFormat.uuid.matches("1e30d217-6a0c-4a5e-9f3b-2c6d1b2a9e0g"))
        #expect(!TextFormat.uuid.matches("1e30d217-6a0c-4a5e-9f3b2-c6d1b2a9e01"))
        #expect(!TextFormat.uuid.matches("latest"))
        #expect(!TextFormat.uuid.matches(""))
    }

    @Test func aPathValueInAnotherFormRoutesNowhere() {
        let table = RouteTable([Self.read.erased, Self.byName.erased])
        guard case let .found(endpoint, values) = table.match(method: "GET", path: "/flows/\(Self.id)") else {
            Issue.record("a UUID did not route")
            return
        }
        #expect(endpoint.id == "flows.read")
        #expect(values.map(\.value) == [Self.id])
        guard case let .notFound(note) = table.match(method: "GET", path: "/flows/latest") else {
            Issue.record("text that is no UUID routed")
            return
        }
        #expect(note == #"flows/{id} needs id as String (uuid), not "latest""#)
        // A placeholder of any text still takes it.
        if case .found = table.match(method: "GET", path: "/flows/name/latest") {} else { Issue.record("any text did not route") }
    }

    @Test func aQueryOrBodyValueInAnotherFormIsFound() {
        func problems(_ query: [(name: String, value: String)], body: String) -> [String] {
            let request = ServerRequest(
                method: "POST", path: "/flows/filter", query: query, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
            return RequestValidator(endpoint: Self.filter.erased, dates: .deferredToDate).validate(request, pathValues: []).problems.map(
                \.text)
        }
        #expect(problems([("flow_id", Self.id.uppercased())], body: #"{"ids": ["\#(Self.id)"]}"#) == [])
        #expect(problems([("flow_id", "7")], body: "{}") == [#"flow_id (query): expects String (uuid), got String "7""#])
        #expect(problems([], body: #"{"ids": ["\#(Self.id)", "x"]}"#) == [#"ids[1] (body): expects String (uuid), got String "x""#])
    }

    @Test func theExportWritesTheFormat() throws {
        let api = API(name: "flows", envelope: .none, endpoints: [Self.read, Self.filter])
        let document = try OpenAPIDocument(api: api, mocks: nil).build().document
        let parameter = document["paths"]?["/flows/{id}"]?["get"]?["parameters"]?[0]
        #expect(parameter?["schema"] == .object([("type", .string("string")), ("format", .string("uuid"))]))
    }
}
