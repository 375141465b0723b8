import APICheck
import Foundation
import MockServer
import Testing

/// An endpoint that answers nothing (a 204, its mock an empty file) is answered with no body and
/// no media type, as a server sends one: a client that reads `Content-Type` first must not go on
/// to parse an empty JSON document.
@Suite struct EmptyAnswerTests {
    static let remove = Endpoint<NoContent>(id: "items.delete", .delete, "items/1", mock: "item_delete", successStatus: 204)
    static let export = Endpoint<BinaryBody>(
        id: "items.csv", .get, "items/csv", parameters: [.header("Accept", sample: .literal("text/csv"))], mock: "item_csv")
    static let api = API(name: "items", envelope: .none, endpoints: [remove, export])

    @Test func aNoContentAnswerHasNoMediaType() async throws {
        let mocks = try TemporaryMocks(files: ["item_delete.json": "", "item_csv.json": ""])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let answer = try await harness.send(.delete, "items/1")
        #expect(answer.status == 204)
        #expect(answer.body.isEmpty)
        #expect(answer.header("Content-Type") == nil, "\(answer.headers)")
    }

    /// An empty CSV (Phoenix's export of a dataset without examples) is a CSV document still: it
    /// goes out in its declared type, as the server sends it.
    @Test func emptyBytesKeepTheirDeclaredType() async throws {
        let mocks = try TemporaryMocks(files: ["item_delete.json": "", "item_csv.json": ""])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let answer = try await harness.send(.get, "items/csv")
        #expect(answer.status == 200 && answer.body.isEmpty)
        #expect(answer.header("Content-Type") == "text/csv", "\(answer.headers)")
    }
}
