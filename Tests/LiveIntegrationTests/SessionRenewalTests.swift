import APICheck
import CurlClient
import Foundation
import RelayExample
import Synchronization
import Testing

/// A session token that dies mid-run, on the Relay example (refresh tokens declared): the run
/// renews it through the refresh endpoint once, sends the check that found it dead again, and
/// goes on with the new token; a refresh that fails is said once, and the probes, whose tokens
/// are meant to be dead, never renew anything.
@Suite(.serialized) struct SessionRenewalTests {
    /// Lets the backend's access tokens die once the answer of `endpoint` is in (the run hears of
    /// a step's answer before any step that waits for it starts).
    final class ExpireAfter: LiveRunObserver {
        let backend: RelayBackend
        let endpoint: String
        let refreshTokensToo: Bool
        let done = Mutex(false)

        init(_ backend: RelayBackend, after endpoint: String, refreshTokensToo: Bool = false) {
            self.backend = backend
            self.endpoint = endpoint
            self.refreshTokensToo = refreshTokensToo
        }

        func received(_ exchange: LiveExchange) {
            guard exchange.endpoint.id == endpoint,
                done.withLock({
                    let first = !$0; $0 = true; return first
                })
            else { return }
            backend.expireAccessTokens(refreshTokensToo: refreshTokensToo)
        }
    }

    static let checks: Set<String> = ["account.whoami", "rooms.joined", "rooms.state", "rooms.members", "users.list", "rooms.messages"]

    static func live(_ backend: RelayBackend, concurrency: Int, observer: ExpireAfter?, probes: Bool = false) async -> Report {
        var options = LiveOptions(
            baseURL: backend.baseURL, only: probes ? nil : checks, mocksDirectory: Relay.mocks, environment: Relay.credentials,
            probes: probes)
        options.concurrency = concurrency
        options.errorChecks = false
        return await LiveCheck(
            api: Relay.api, transport: CurlTransport(), options: options, observers: observer.map { [$0] } ?? []
        ).run()
    }

    @Test func aTokenThatDiesMidRunIsRenewedOnceAndTheCheckSentAgain() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await Self.live(backend, concurrency: 1, observer: ExpireAfter(backend, after: "account.whoami"))
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(report.endpointResults.count == Self.checks.count)
        #expect(report.endpointResults.allSatisfy { $0.passed })
        let renewed = report.runFindings.filter { $0.kind == .session && $0.severity == .info }
        #expect(renewed.count == 1)
        #expect(renewed.first?.endpoint == "auth.refresh")
        #expect(renewed.first?.message.contains("renewed through auth.refresh once") == true)
        #expect(backend.refreshes == 1)
        // The run's logout ended the session with the renewed token.
        #expect(backend.openSessions == 0)
    }

    /// Every check starts with the login's token, dead on arrival: one refresh renews it for all
    /// (a second one with the same refresh token would be refused, as Relay's rotate).
    @Test func stepsThatFindTheTokenDeadTogetherShareOneRefresh() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await Self.live(backend, concurrency: 6, observer: ExpireAfter(backend, after: "auth.login"))
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.endpointResults.count == Self.checks.count)
        #expect(backend.refreshes == 1)
        #expect(backend.openSessions == 0)
    }

    @Test func aRefusedRefreshIsOneFindingAndTheRestIsSkipped() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await Self.live(
            backend, concurrency: 1, observer: ExpireAfter(backend, after: "account.whoami", refreshTokensToo: true))
        let errors = report.allFindings.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors.first?.kind == .session)
        #expect(errors.first?.message.contains("could not be renewed: auth.refresh failed") == true)
        #expect(!report.allFindings.contains { $0.kind == .tokenExpired })
        let skipped = report.endpointResults.filter { $0.skipped != nil }
        #expect(!skipped.isEmpty)
        #expect(skipped.allSatisfy { $0.skipped == .sessionLost(refresh: "auth.refresh") })
        #expect(backend.refreshes == 1)
    }

    /// The probes send tokens the server must refuse: none of them goes through a refresh, and
    /// a run whose session token lives says nothing of renewals.
    @Test func probesNeverRenewTheSession() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await Self.live(backend, concurrency: 4, observer: nil, probes: true)
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(!report.runFindings.contains { $0.kind == .session })
        // The refresh flow's check and its two refresh-token probes: nothing else.
        #expect(backend.refreshes == 3)
    }
}
