import APICheck
import Contracts
import Foundation
import MockServer
import Testing

/// A client may put a token in a query parameter the API never named (`?access_token=`,
/// `?note=`): serve's log and journal mask the token issued beforehand (the user's own key)
/// and every token serve issued or accepts, under any name, not only the API's credential
/// fields.
@Suite(.serialized) struct TokenInAnyQueryTests {
    struct Item: Decodable, Sendable { var id: Int }
    static let key = "chromaKEY-5d41402abc4b2a76"
    static let item = Endpoint<Item>(id: "items.show", .get, "items/1", mock: "item", auth: .token)
    static let api = API(
        name: "items", envelope: .none, auth: .preIssued(variable: "ITEMS_KEY", placement: .header("X-Items-Token", prefix: "")),
        endpoints: [item])

    /// Stateless too, where serve keeps no tokens: the key comes from the environment all the same.
    @Test(arguments: [false, true]) func theKeyIssuedBeforehandIsMaskedUnderAnyName(stateless: Bool) async throws {
        let mocks = try TemporaryMocks(files: ["item.json": #"{"id": 1}"#])
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.stateless = stateless
        options.credentials = ["ITEMS_KEY": Self.key]
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        let answer = try await harness.send(
            .get, "items/1?access_token=\(Self.key)&note=\(Self.key)", headers: [("X-Items-Token", Self.key)])
        #expect(answer.status == 200)
        let journal = String(decoding: try await harness.send(.get, "/__apicheck/requests").body, as: UTF8.self)
        #expect(!journal.contains(Self.key), "\(journal)")
        #expect(journal.contains("note=***"), "\(journal)")
        #expect(!harness.log.all.isEmpty)
        #expect(harness.log.all.allSatisfy { !$0.contains(Self.key) }, "\(harness.log.all)")
    }

    @Test func aTokenServeIssuedIsMaskedUnderAnyName() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        _ = try await harness.send(.get, "statuses/home_timeline?access_token=\(token)&note=\(token)")
        let journal = String(decoding: try await harness.send(.get, "/__apicheck/requests").body, as: UTF8.self)
        #expect(!journal.contains(token), "\(journal)")
        #expect(journal.contains("note=***"), "\(journal)")
        #expect(harness.log.all.allSatisfy { !$0.contains(token) })
    }
}
