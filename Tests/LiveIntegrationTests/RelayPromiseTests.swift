import APICheck
import CurlClient
import Foundation
import RelayExample
import Testing

/// Each auth promise the Relay example declares, broken by its backend in turn: the probe of that
/// promise, and only it, fails with a message that names the promise; and no probe acts on the
/// server, whatever it wrongly accepts.
@Suite(.serialized) struct RelayPromiseTests {
    static func live(_ backend: RelayBackend, probeFilter: Set<AuthProbe>? = nil) async -> Report {
        await LiveCheck(
            api: Relay.api, transport: CurlTransport(),
            options: LiveOptions(
                baseURL: backend.baseURL, mocksDirectory: Relay.mocks, environment: Relay.credentials, probes: true,
                probeFilter: probeFilter)
        ).run()
    }

    static func failures(_ report: Report) -> [String] {
        report.results.filter { !$0.passed }.flatMap { result in result.findings.map { "\(result.name): \($0.message)" } }.sorted()
    }

    @Test func refreshTokensThatDoNotRotateFailTheReuseProbe() async throws {
        let backend = try RelayBackend(broken: .refreshDoesNotRotate)
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(
            Self.failures(report) == [
                #"probe reused-refresh-token auth.refresh: a rotated refresh token used a second time must be answered HTTP 401 with code "M_UNKNOWN_TOKEN""#
            ])
        let finding = try #require(report.allFindings.first { $0.kind == .probeRefresh })
        #expect(finding.found == "success (HTTP 200)")
        // The refresh it wrongly granted opened a session: the run ended that one too.
        #expect(backend.openSessions == 0)
    }

    @Test func aLogoutThatEndsNothingFailsTheLoggedOutProbe() async throws {
        let backend = try RelayBackend(broken: .logoutKeepsToken)
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(
            Self.failures(report) == ["probe logged-out account.whoami: a token ended by auth.logout must be answered as token expired"])
        #expect(
            report.allFindings.first { $0.kind == .probeLoggedOut }?.expected
                == #"tokenExpired (HTTP 401 with code "M_UNKNOWN_TOKEN")"#)
    }

    /// A dead token answered 200: every probe that sends a token the server must refuse fails,
    /// and the one POST that needs the token saw exactly the run's own check, no probe.
    @Test func aDeadTokenAnswered200FailsThoseProbesAndNoProbeActs() async throws {
        let backend = try RelayBackend(broken: .acceptsDeadToken)
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(
            report.allFindings.filter { $0.severity == .error }.map(\.kind.rawValue).sorted() == [
                "probe-logged-out", "probe-refresh", "probe-token-expired", "probe-token-expired", "probe-token-expired",
                "probe-token-expired", "probe-token-expired", "probe-token-expired",
            ])
        #expect(
            report.allFindings.first { $0.kind == .probeRefresh }?.message
                == "an access token replaced by auth.refresh must be answered as token expired")
        #expect(backend.messagesSent == 1)
    }

    @Test func aCleanRunLeavesTheServersSessionsAsItFoundThem() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        for probes in [nil, Set<AuthProbe>()] as [Set<AuthProbe>?] {
            let report = await Self.live(backend, probeFilter: probes)
            #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
            #expect(backend.openSessions == 0)
        }
    }

    /// `--probes` narrows the run to the named probes, and the refresh flow to what they need.
    @Test func aProbeSelectionRunsThoseProbesOnly() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await Self.live(backend, probeFilter: [.reusedRefreshToken, .missingToken])
        #expect(
            report.results.filter { $0.role == .probe }.map(\.name).sorted()
                == ["probe missing-token account.whoami", "probe reused-refresh-token auth.refresh"])
        #expect(report.verdict == .holds)
        #expect(backend.openSessions == 0)
    }
}
