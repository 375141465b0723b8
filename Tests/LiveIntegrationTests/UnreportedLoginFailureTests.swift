import APICheck
import Contracts
import Foundation
import Synchronization
import TestSupport
import Testing

/// A login the run makes for other steps (the revoked-token probe's second login) that gets no
/// answer is said with its cause, not only as the skips it causes.
@Suite struct UnreportedLoginFailureTests {
    /// The demo's mocks with sessions, where every login with the account after the first times out.
    final class SecondLoginTimesOut: Transport {
        let mocks = SessionMocks(directory: LiveHarness.mocks, api: Demo.api)
        let logins = Mutex(0)
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let logsIn = request.endpointID.flatMap(Demo.api.endpoint).map(Demo.api.auth.usesCredentials) ?? false
            if logsIn,
                logins.withLock({
                    $0 += 1; return $0
                }) > 1
            {
                throw TransportError(.timeout, "no answer within 10 s", url: request.url.absoluteString)
            }
            return try await mocks.send(request)
        }
    }

    /// Without `auth.token` in the run, the second login is the session's login endpoint once
    /// more, unreported: its failure was said nowhere.
    @Test func aProbesLoginThatTimesOutIsAFindingNamingIt() async {
        let only = Set(Demo.api.endpoints.map(\.id)).subtracting(["auth.token"])
        let report = await LiveCheck(
            api: Demo.api, transport: SecondLoginTimesOut(),
            options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/Api/")!, only: only, mocksDirectory: LiveHarness.mocks,
                environment: LiveHarness.credentials)
        ).run()
        let said = report.runFindings.filter { $0.message.contains("run for the steps that need it") }
        #expect(!said.isEmpty, "\(report.runFindings.map(\.message))")
        #expect(said.allSatisfy { $0.kind == .timeout })
        #expect(report.results.contains { $0.skipped == "the probes' own login through account.login failed" })
        #expect(report.summary.errors > 0, "the summary counts the failed login")
        #expect(report.verdict != .holds)
    }
}

/// A logout that failed ended nothing: the logged-out probe is skipped, saying why, and gives no
/// finding of its own on top of the logout's.
@Suite struct FailedLogoutTests {
    final class LogoutFails: Transport {
        let mocks = SessionMocks(directory: LiveHarness.mocks, api: Demo.api)
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.endpointID == Demo.logout.id {
                return HTTPResponse(
                    status: 500, headers: [("Content-Type", "text/html")], body: Data("<h1>oops</h1>".utf8), url: request.url)
            }
            return try await mocks.send(request)
        }
    }

    @Test func theLoggedOutProbeIsSkippedAfterALogoutThatFailed() async throws {
        let report = await LiveCheck(
            api: Demo.api, transport: LogoutFails(),
            options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/Api/")!, mocksDirectory: LiveHarness.mocks,
                environment: LiveHarness.credentials)
        ).run()
        let probe = try #require(report.probeResults.first { $0.probe == .loggedOut })
        #expect(probe.skipped?.rawValue.contains("account.logout failed") == true, "\(probe.skipped?.rawValue ?? "run")")
        #expect(!report.allFindings.contains { $0.kind == .probeLoggedOut })
        #expect(report.results.first { $0.name == "account.logout" }?.passed == false)
    }
}
