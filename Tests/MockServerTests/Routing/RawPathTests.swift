import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// An API whose paths hold what real servers use: a user id that may contain `/`, and
/// placeholders with text around them in one segment (`{db}.json`, `products/{id}.json`).
enum FilesAPI {
    static let user = Endpoint<Item>(
        id: "users.show", .get, "users/{name}", parameters: [.path("name", .string, sample: .literal("team/ann"))],
        mock: "user", enveloped: false)
    static let database = Endpoint<Item>(
        id: "dbs.show", .get, "{db}.json", parameters: [.path("db", .string, sample: .literal("main db"))],
        mock: "db", enveloped: false)
    static let product = Endpoint<Item>(
        id: "products.json", .get, "products/{id}.json", parameters: [.path("id", .int, sample: .literal(7))],
        mock: "product", enveloped: false)
    static let productMinified = Endpoint<Item>(
        id: "products.min", .get, "products/{id}.min.json", parameters: [.path("id", .int, sample: .literal(8))],
        mock: "product_min", enveloped: false)
    static let productPlain = Endpoint<Item>(
        id: "products.show", .get, "products/{id}", parameters: [.path("id", .string, sample: .literal("a.b/c"))],
        mock: "product_any", enveloped: false)

    static let api = API(
        name: "files", environments: ["local": URL(string: "http://127.0.0.1:9000/files/")!],
        envelope: EnvelopePolicy(), endpoints: [user, database, product, productMinified, productPlain])

    static let mocks: [String: String] = [
        "user.json": #"{"id": 1, "name": "ann"}"#,
        "db.json": #"{"id": 2, "name": "main"}"#,
        "product.json": #"{"id": 7, "name": "kettle"}"#,
        "product_min.json": #"{"id": 8, "name": "kettle"}"#,
        "product_any.json": #"{"id": 9, "name": "kettle"}"#,
    ]
}

/// `serve` routes the path as the client sent it: split on the raw `/`, then decoded.
@Suite(.serialized) struct RawPathTests {
    @Test func anEncodedSlashStaysInItsSegmentAndTextMayFlankAPlaceholder() {
        let table = RouteTableProbe(FilesAPI.api)
        #expect(table.match("GET", "users/team%2Fann") == "users.show name=team/ann")
        #expect(table.match("GET", "users/team/ann") == "404")
        #expect(table.match("GET", "main%20db.json") == "dbs.show db=main db")
        #expect(table.match("GET", "products/7.json") == "products.json id=7")
        #expect(table.match("GET", "products/8.min.json") == "products.min id=8")
        // The structure picks `{id}.json`, whose id is an Int: a declared type is not a fallback.
        #expect(table.match("GET", "products/x.json") == "404")
        #expect(table.match("GET", "products/a.b%2Fc") == "products.show id=a.b/c")
        #expect(table.match("GET", ".json") == "404")
    }

    @Test func theServerHandsTheRawPathBesideTheDecodedOne() throws {
        let mocks = try TemporaryMocks(files: FilesAPI.mocks)
        defer { mocks.remove() }
        let server = try MockServer(api: FilesAPI.api, mocks: mocks.url)
        let encoded = server.respond(to: ServerRequest(method: "GET", path: "/files/users/team/ann", rawPath: "/files/users/team%2Fann"))
        #expect(encoded.status == 200)
        #expect(server.respond(to: ServerRequest(method: "GET", path: "/files/users/team/ann")).status == 404)
    }

    @Test func everyRequestTheLiveClientSendsIsRoutedOverASocket() async throws {
        let mocks = try TemporaryMocks(files: FilesAPI.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: FilesAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let raw = try await harness.send(.get, "users/team%2Fann")
        #expect(raw.status == 200)
        #expect(harness.log.all.last?.contains("users.show") == true)
        let report = await LiveAgainstServeTests.live(harness, mocks: mocks.url, environment: [:])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(Set(report.endpointResults.map(\.endpoint)) == Set(FilesAPI.api.endpoints.map(\.id)))
        let journal = String(decoding: try await harness.send(.get, "/__apicheck/requests").body, as: UTF8.self)
        for id in FilesAPI.api.endpoints.map(\.id) { #expect(journal.contains("\"endpoint\":\"\(id)\"")) }
    }
}
