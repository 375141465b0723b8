import APICheck
import APICheckCLI
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// A key whose header is declared without a prefix is given with its scheme word in the variable
/// (`Token KEY`): the key alone is a secret too, however a server shows it.
@Suite struct SchemeWordInKeyTests {
    struct Me: Codable, Sendable { var token: String }

    static let key = "a1b2c3d4e5f60718293a4b5c6d7e8f90"

    static let api = API(
        name: "keys", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.detail"),
        expired: [.status(401)],
        auth: AuthPolicy.preIssued(variable: "KEYS_API_KEY", placement: .header("Authorization", prefix: "")),
        endpoints: [Endpoint<Me>(id: "token", .get, "current-user/token", mock: "token", auth: .token)])

    @Test func theKeyAfterItsSchemeWordIsNeverShown() async throws {
        let backend = try TestServer { request in
            guard request.header("authorization") == "Token " + Self.key else {
                return .json(Data(#"{"code": "unauthorized", "detail": "Invalid token."}"#.utf8), status: 401)
            }
            return .json(Data(#"{"token": "\#(Self.key)"}"#.utf8))
        }
        defer { backend.stop() }
        let trip = try await DeclarationRoundTrip.run(
            Self.api, backend: backend.url("/"), environment: ["KEYS_API_KEY": "Token " + Self.key], liveArguments: ["--verbose"])
        #expect(trip.live.code == 0, "\(trip.live.text)")
        #expect(!trip.live.text.contains(Self.key), "\(trip.live.text)")
        #expect(trip.record.code == 0, "\(trip.record.text)")
        #expect(!trip.recorded.values.contains { $0.contains(Self.key) }, "\(trip.recorded)")
        #expect(!trip.openapi.text.contains(Self.key))
    }

    /// serve takes the value the variable holds with its scheme word in any case (`bearer KEY`
    /// for `Bearer KEY`), as HTTP compares auth schemes; the key itself still has to match.
    @Test func serveTakesTheSchemeWordInAnyCase() async throws {
        let mocks = try TemporaryMocks(files: ["token.json": #"{"token": "t"}"#])
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = ["KEYS_API_KEY": "Bearer " + Self.key]
        let api = API(
            name: "keys", envelope: .none,
            auth: AuthPolicy.preIssued(variable: "KEYS_API_KEY", placement: .header("Authorization", prefix: "")),
            endpoints: [Endpoint<Me>(id: "token", .get, "current-user/token", mock: "token", auth: .token)])
        let harness = try ServeHarness(api: api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        for value in ["Bearer " + Self.key, "bearer " + Self.key, "BEARER " + Self.key] {
            let answer = try await harness.send(.get, "current-user/token", headers: [("Authorization", value)])
            #expect(answer.status == 200, "\(value)")
        }
        for value in ["bearer " + Self.key.uppercased(), Self.key, "Token " + Self.key] {
            let answer = try await harness.send(.get, "current-user/token", headers: [("Authorization", value)])
            #expect(answer.status == 401, "\(value)")
        }
    }
}
