import APICheck
import Foundation
import HTTPServer
import MockServer
import Testing

/// What `OPTIONS` asks of a route is the methods it takes. A recorded OPTIONS mock holds the
/// body without the server's `Allow` (pygeoapi declares OPTIONS on its items), and a route that
/// declares no OPTIONS would refuse the question with a 405.
@Suite struct OptionsAllowTests {
    struct Items: Codable, Sendable { var items: [String] }

    static let api = API(
        name: "items", envelope: .none,
        endpoints: [
            Endpoint<Items>(id: "listItems", .get, "items", mock: "listItems"),
            Endpoint<NoContent>(id: "optionsItems", HTTPMethod(rawValue: "OPTIONS"), "items", mock: "optionsItems"),
            Endpoint<Items>(id: "putItem", .put, "items/{id}", parameters: [.path("id", .string, sample: .literal("a"))], mock: "putItem"),
            Endpoint<NoContent>(
                id: "deleteItem", .delete, "items/{id}", parameters: [.path("id", .string, sample: .literal("a"))], mock: "deleteItem"),
        ])

    @Test func optionsSaysTheMethodsARouteTakes() async throws {
        let mocks = try TemporaryMocks(files: [
            "listItems.json": #"{"items": ["a"]}"#, "optionsItems.json": "", "deleteItem.json": "",
            "putItem.json": #"{"items": ["a"]}"#,
        ])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }

        let declared = try await harness.send(HTTPMethod(rawValue: "OPTIONS"), "items")
        #expect(declared.status < 300)
        #expect(declared.header("Allow") == "GET, HEAD, OPTIONS", "\(declared.headers)")

        let undeclared = try await harness.send(HTTPMethod(rawValue: "OPTIONS"), "items/a")
        #expect(undeclared.status == 204)
        #expect(undeclared.header("Allow") == "DELETE, PUT, OPTIONS", "\(undeclared.headers)")

        // Any other method the route does not take is still refused, naming those it takes.
        let refused = try await harness.send(HTTPMethod.post, "items/a")
        #expect(refused.status == 405)
        #expect(refused.header("Allow") == "DELETE, PUT")
    }
}
