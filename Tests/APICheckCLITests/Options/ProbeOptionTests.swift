import APICheck
import APICheckCLI
import Foundation
import RelayExample
import TestSupport
import Testing

/// `--probes LIST` and `--no-probes`: only the probes named, of those the API declares; names
/// that are no probe, or whose promise the API does not declare, are usage errors; shells complete
/// the declared ones.
@Suite(.serialized) struct ProbeOptionTests {
    func relay(_ arguments: [String], environment: [String: String] = [:]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Relay.api, name: "relaycheck").run(arguments, console: console, environment: environment)
        return (code, captured.out, captured.err)
    }

    @Test func onlyTheNamedProbesRun() async {
        let result = await LiveHarness.cli(["live", "--probes", "missing-token,logged-out"])
        #expect(result.code == 0, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("11 endpoints + 2 auth probes + 1 paging check"))
        #expect(result.out.contains("probe missing-token statuses.homeTimeline"))
        #expect(result.out.contains("probe logged-out statuses.homeTimeline"))
        #expect(!result.out.contains("probe token-expired"))
    }

    @Test(arguments: [
        (
            ["--probes", "token-expird"],
            "--probes: no probe 'token-expird' (did you mean 'token-expired'?); the demo API declares: token-expired, missing-token, revoked-token, logged-out"
        ),
        (
            ["--probes", "refresh"],
            "--probes: the demo API declares no promise for 'refresh'; it declares: token-expired, missing-token, revoked-token, logged-out"
        ),
        (["--probes", "logout", "--no-probes"], "give --probes or --no-probes, not both"),
    ])
    func aProbeTheAPIDoesNotDeclareIsAUsageError(_ options: [String], _ message: String) async {
        let result = await LiveHarness.cli(["live"] + options)
        #expect(result.code == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func shellsCompleteTheDeclaredProbes() async {
        let demo = await LiveHarness.cli(["__complete", "probes"])
        #expect(demo.out.split(separator: "\n") == ["token-expired", "missing-token", "revoked-token", "logged-out"])
        let relay = await relay(["__complete", "probes"])
        #expect(
            relay.out.split(separator: "\n") == [
                "token-expired", "missing-token", "logged-out", "refresh", "replaced-token",
                "reused-refresh-token", "dead-refresh-token",
            ])
    }

    @Test func helpListsEveryProbe() async {
        let help = await LiveHarness.cli(["live", "--help"])
        for probe in AuthProbe.allCases { #expect(help.out.contains(probe.rawValue), "\(probe.rawValue)") }
        #expect(help.out.contains("--probes NAME,..."))
    }

    @Test func noProbesStillEndsTheSessionsItOpened() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let result = await relay(
            ["live", "--no-probes", "--base-url", backend.baseURL.absoluteString, "--mocks", Relay.mocks.path],
            environment: Relay.credentials)
        #expect(result.code == 0, "\(result.out)")
        #expect(result.out.contains("\(Relay.api.endpoints.count) endpoints + 4 paging checks + 2 error checks, concurrency 8"))
        #expect(backend.openSessions == 0)
    }
}
