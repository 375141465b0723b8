@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A 403 is a permission as often as a dead key: an endpoint a server hides from everyone (a
/// configuration page) says nothing of the key it was sent, unless the API declares 403 as its
/// dead-token answer or every trial is forbidden alike.
@Suite struct TokenTrialForbiddenTests {
    typealias Keys = TokenPlacementTests

    /// The keys server, with `config` forbidden to every caller.
    struct HiddenConfig: Transport {
        let keys: Keys.KeyServer
        let forbidden: Set<String>
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard forbidden.contains(request.url.lastPathComponent) else { return try await keys.send(request) }
            return HTTPResponse(
                status: 403, headers: [("Content-Type", "application/json")],
                body: Data(#"{"code": "forbidden", "message": "hidden"}"#.utf8))
        }
    }

    static let config = Endpoint<Keys.Me>(id: "config", .get, "config", mock: "config", auth: .token)
    static let profile = Endpoint<Keys.Me>(id: "profile", .get, "profile", mock: "profile", auth: .token)

    func run(key: String, forbidden: Set<String>, server: Keys.KeyServer) async -> Report {
        let api = Keys.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [Self.config, Keys.me, Self.profile])
        return await LiveCheck(
            api: api, transport: HiddenConfig(keys: server, forbidden: forbidden),
            options: LiveOptions(baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_TOKEN": key], probes: false)
        ).run()
    }

    @Test func aForbiddenFirstGetTriesAnotherAndTheRightKeyIsChecked() async {
        let server = Keys.KeyServer(placement: .bearer, key: "key-0123456789")
        let right = await run(key: "key-0123456789", forbidden: ["config"], server: server)
        #expect(!right.allFindings.contains { $0.kind == .credentials }, "\(right.allFindings.map(\.message))")
        // The hidden page is the one real finding; the others pass.
        #expect(right.endpointResults.filter { !$0.passed }.map(\.name) == ["config"])

        let wrong = await run(
            key: "key-9876543210", forbidden: ["config"], server: Keys.KeyServer(placement: .bearer, key: "key-0123456789"))
        #expect(
            wrong.allFindings.map(\.message) == [
                "the token issued beforehand in $KEYS_TOKEN was refused by me (HTTP 401, tokenExpired); check it; "
                    + "3 endpoints that need it were not checked"
            ])
    }

    /// Forbidden everywhere the key was tried: the key is what is refused.
    @Test func forbiddenOnEveryTrialIsARefusedKey() async {
        let report = await run(
            key: "key-0123456789", forbidden: ["config", "me", "profile"], server: Keys.KeyServer(placement: .bearer, key: "key-0123456789")
        )
        #expect(report.allFindings.map(\.kind) == [.credentials], "\(report.allFindings.map(\.message))")
        #expect(
            report.allFindings.first?.message.hasPrefix(
                "the token issued beforehand in $KEYS_TOKEN was refused everywhere it was tried, by config, me and profile (HTTP 403")
                == true)
    }

    /// A key given with the scheme word its placement adds (`Token KEY` for `.scheme("Token")`)
    /// goes as `Token Token KEY`: the refusal says so.
    @Test func aKeyWithItsSchemeWordSaysSo() async {
        let api = Keys.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [Keys.me])
        let report = await LiveCheck(
            api: api, transport: Keys.KeyServer(placement: .bearer, key: "key-0123456789"),
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_TOKEN": "Bearer key-0123456789"], probes: false)
        ).run()
        #expect(
            report.allFindings.first?.message.contains("it starts with 'Bearer', which is sent before it already: set it to the key alone")
                == true, "\(report.allFindings.map(\.message))")
    }
}
