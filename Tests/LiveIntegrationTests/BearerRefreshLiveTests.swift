import APICheck
import CurlClient
import Foundation
import Synchronization
import Testing
import TestSupport

/// `live` against an API whose refresh takes the refresh token as `Authorization: Bearer <refresh
/// token>` (Flask-JWT-Extended's, Superset's): the refresh, its probes and a mid-run renewal all
/// send it there, and the reproduce commands name it for what it is.
@Suite(.serialized) struct BearerRefreshLiveTests {
    static func live(_ backend: BearerRefreshBackend, observers: [any LiveRunObserver] = []) async -> Report {
        let options = LiveOptions(
            baseURL: backend.baseURL, mocksDirectory: nil, environment: BearerRefreshAPI.credentials, probes: true)
        return await LiveCheck(api: BearerRefreshAPI.api, transport: CurlTransport(), options: options, observers: observers).run()
    }

    @Test func theRefreshAndItsProbesSendTheRefreshTokenAsABearerCredential() async throws {
        let backend = try BearerRefreshBackend()
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)
        let refresh = try #require(report.results.first { $0.name == "security.refresh" })
        #expect(refresh.passed)
        #expect(report.results.first { $0.name == "probe dead-refresh-token security.refresh" }?.passed == true)
        #expect(report.results.first { $0.name == "probe refresh me" }?.passed == true)
        // Refresh tokens that do not rotate promise nothing about a second use: no probe of it.
        #expect(!report.results.contains { $0.name.hasPrefix("probe reused-refresh-token") })
        #expect(
            report.runFindings.map(\.message).contains(
                "the run opened 2 sessions (through security.login, security.refresh) and cannot end them: "
                    + "the API declares no logout endpoint"))
    }

    /// The refresh probe's endpoint fails its own check whatever the token (Superset's first GET
    /// answers 400 for a parameter its document leaves out): the probe is skipped, saying why, and
    /// the endpoint's own failure is the one finding.
    @Test func theRefreshProbeOnAnEndpointThatFailsItsOwnCheckIsSkipped() async throws {
        let backend = try BearerRefreshBackend(refusesMe: true)
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(report.results.first { $0.name == "me" }?.passed == false)
        let probe = try #require(report.results.first { $0.name == "probe refresh me" })
        #expect(probe.skipped == "me's own check failed, so its answer would say nothing of the refreshed token", "\(probe)")
        #expect(report.results.first { $0.name == "security.refresh" }?.passed == true)
        #expect(report.results.first { $0.name == "probe token-expired me" }?.passed == true)
    }

    /// A refused refresh: the probe that needed its token says so (the login worked), and the
    /// sessions the run says it opened are those a login issued, not those it planned.
    @Test func aRefusedRefreshIsNamedAndOpensNoSession() async throws {
        let backend = try BearerRefreshBackend(refusesRefresh: true)
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(report.results.first { $0.name == "security.refresh" }?.passed == false)
        let probe = try #require(report.results.first { $0.name == "probe refresh me" })
        #expect(probe.skipped == "no token: the refresh through security.refresh failed")
        #expect(
            report.runFindings.map(\.message).contains(
                "the run opened 2 sessions (through security.login) and cannot end them: the API declares no logout endpoint"),
            "\(report.runFindings.map(\.message))")
    }

    /// The refresh token is `$REFRESH_TOKEN`, not the access token's `$TOKEN`; the dead-refresh
    /// probe's made-up token is written out as sent, so the command runs again as it is.
    @Test func reproduceCommandsNameTheRefreshTokenAndWriteTheMadeUpOneOut() async throws {
        let backend = try BearerRefreshBackend()
        defer { backend.stop() }
        let report = await Self.live(backend)
        let refresh = try #require(report.results.first { $0.name == "security.refresh" }?.reproduceCommand)
        #expect(refresh.contains(#"-H 'Authorization: Bearer '"$REFRESH_TOKEN""#), "\(refresh)")
        let dead = try #require(report.results.first { $0.name == "probe dead-refresh-token security.refresh" }?.reproduceCommand)
        #expect(!dead.contains("***"), "\(dead)")
        #expect(!dead.contains("$"), "\(dead)")
        #expect(dead.contains("-H 'Authorization: Bearer "), "\(dead)")
    }

    /// Lets the access tokens die once the session's login answered.
    final class ExpireAfterLogin: LiveRunObserver {
        let backend: BearerRefreshBackend
        let done = Mutex(false)
        init(_ backend: BearerRefreshBackend) { self.backend = backend }
        func received(_ exchange: LiveExchange) {
            guard exchange.endpoint.id == "security.login",
                done.withLock({
                    let first = !$0; $0 = true; return first
                })
            else { return }
            backend.expireAccessTokens()
        }
    }

    @Test func aMidRunRenewalSendsTheRefreshTokenAsABearerCredential() async throws {
        let backend = try BearerRefreshBackend()
        defer { backend.stop() }
        let report = await Self.live(backend, observers: [ExpireAfterLogin(backend)])
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.runFindings.contains { $0.kind == .session && $0.message.contains("renewed through security.refresh") })
    }
}
