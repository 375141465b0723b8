import APICheck
import Contracts
import Foundation
import ProxyServer
import Sandbox
import TestSupport
import Testing

/// What the results history keeps of a proxy's run besides its report: each endpoint's usual
/// HTTP status and median answer's phase times, and the credentials the traffic carried, which
/// the secret proof looks for in what would be stored.
@Suite struct ProxyHistoryTests {
    @Test func eachEndpointGetsItsUsualStatusAndItsMedianAnswersTimes() async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL)
        defer { harness.stop() }
        for _ in 0..<3 { #expect(try await harness.send("/Api/topics").status == 200) }
        #expect(try await harness.send("/Api/config/main.json").status == 200)
        await harness.settled(4)
        let report = harness.proxy.report(startedAt: Date())
        // The report itself describes traffic: no one call's status or times.
        #expect(report.results.allSatisfy { $0.status == nil && $0.timings == nil })
        let kept = harness.proxy.withExchangeFigures(report)
        let topics = try #require(kept.results.first { $0.endpoint == "topics.list" })
        #expect(topics.status == 200)
        #expect((topics.timings?.total ?? 0) > 0)
        #expect(kept.results.allSatisfy { $0.status == 200 && $0.timings != nil })
        #expect(kept.verdict == report.verdict && kept.allFindings == report.allFindings)
    }

    @Test func theCredentialsTheTrafficCarriedAreKeptOnlyWhenAsked() async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        for keeps in [true, false] {
            let harness = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL) { $0.keepsCredentials = keeps }
            defer { harness.stop() }
            _ = try await harness.send(
                "/Api/statuses/home_timeline?access_token=tok-seen-4711&count=2",
                headers: [("Cookie", "session=cookie-seen-0815")])
            await harness.settled(1)
            let seen = Set(harness.proxy.credentialsSeen)
            #expect(seen.contains("tok-seen-4711") == keeps)
            #expect(seen.contains("cookie-seen-0815") == keeps)
        }
    }
}
