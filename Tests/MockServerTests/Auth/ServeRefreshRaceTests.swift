import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Synchronization
import Testing
import TestSupport

/// Simultaneous refreshes with one rotating refresh token: exactly one renews. The overlap is
/// forced, not hoped for: every refresh is decided (each sees the token still good) before any is
/// rendered, and the renders then run at once, so a server that spends the token without a second
/// look lets them all renew, every time.
@Suite struct ServeRefreshRaceTests {
    static func post(_ path: String, _ json: String) -> ServerRequest {
        ServerRequest(method: "POST", path: "/notes/" + path, headers: [("Content-Type", "application/json")], body: Data(json.utf8))
    }

    struct Served: Sendable {
        var status: Int
        /// The scenario the decision ends with, what the journal and the log record.
        var decided: String?
        /// `X-Apicheck-Scenario`, what the client is told.
        var header: String?
        var issuedAccessToken: Bool
    }

    @Test(arguments: [2, 8])
    func simultaneousRefreshesWithOneRotatingTokenRenewOnce(refreshes: Int) async throws {
        let folder = try RefreshingAPI.mockFolder()
        defer { folder.remove() }
        let server = try MockServer(api: RefreshingAPI.api, mocks: folder.url)
        let login = server.respond(to: Self.post("auth/login", #"{"user": "ada", "password": "pw"}"#))
        #expect(login.status == 200)
        let refreshToken = try #require(try JSONParser.parse(login.body)["refresh_token"]?.stringValue)
        let endpoint = try #require(server.api.endpoints.first { $0.id == RefreshingAPI.refresh.id })
        let body = #"{"refresh_token": "\#(refreshToken)"}"#
        let decided = Mutex(0)
        let allDecided = Latch()
        let arrive: @Sendable () -> Void = {
            if decided.withLock({
                $0 += 1; return $0 == refreshes
            }) {
                allDecided.open()
            }
        }
        let served = await withTaskGroup(of: Served.self) { group in
            for _ in 0..<refreshes {
                group.addTask {
                    var decision = server.decide(endpoint, request: Self.post("auth/refresh", body), pathValues: [])
                    arrive()
                    await allDecided.wait()
                    server.apply(&decision)
                    let response = server.render(decision)
                    let document = try? JSONParser.parse(response.body)
                    return Served(
                        status: response.status, decided: decision.scenario,
                        header: response.headers.first { $0.name == "X-Apicheck-Scenario" }?.value,
                        issuedAccessToken: document?["access_token"]?.stringValue != nil)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let renewed = served.filter { $0.status == 200 && $0.issuedAccessToken }
        let refused = served.filter { $0.status == 401 && !$0.issuedAccessToken }
        #expect(renewed.count == 1, "refreshes that renewed")
        #expect(refused.count == refreshes - 1, "refreshes refused")
        #expect(refused.allSatisfy { $0.decided == ScenarioName.refused.rawValue && $0.header == ScenarioName.refused.rawValue })
        // One access token lives: the winner's (the login's was replaced, no loser got one).
        #expect(server.auth.tokens.working == 1)
        // The spent token stays refused afterwards.
        #expect(server.respond(to: Self.post("auth/refresh", body)).status == 401)
    }
}
