import APICheck
import Foundation
import MockServer
import Testing

/// An endpoint that declares its answer's media type (`Accept: application/geo+json`, as the
/// import declares an OGC API's features) is served in it: an app tried against serve sees the
/// type the server's document promises. One that declares none is served plain JSON.
@Suite struct DeclaredMediaTypeTests {
    struct Feature: Decodable, Sendable { var type: String }
    static let features = Endpoint<Feature>(
        id: "features", .get, "items", parameters: [.header("Accept", sample: .literal("application/geo+json"))], mock: "features")
    static let plain = Endpoint<Feature>(id: "plain", .get, "plain", mock: "plain")
    static let api = API(name: "geo", envelope: .none, endpoints: [features, plain])

    @Test func aSuccessIsServedInTheDeclaredType() async throws {
        let body = #"{"type": "FeatureCollection"}"#
        let mocks = try TemporaryMocks(files: ["features.json": body, "plain.json": body])
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        for _ in 0..<2 {
            let answer = try await harness.send(.get, "items")
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/geo+json", "\(answer.headers)")
        }
        let plain = try await harness.send(.get, "plain")
        #expect(plain.header("Content-Type") == "application/json; charset=utf-8", "\(plain.headers)")
    }
}
