import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// The live checker in process, over the mock transport: the first tier, no socket at all.
@Suite struct LiveCheckOverMocksTests {
    let mocks = RepositoryPaths.mocks

    func run(_ transport: MockTransport, only: Set<String>? = nil) async -> Report {
        await LiveCheck(
            api: Demo.api, transport: transport,
            options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/Api/")!, only: only, mocksDirectory: mocks,
                environment: ["APICHECK_ACCOUNT": "demo", "APICHECK_PASSWORD": "demo-password"], probes: false)
        ).run()
    }

    @Test func theMocksAgainstThemselvesHaveNoFindings() async {
        let report = await run(MockTransport(directory: mocks, api: Demo.api))
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.endpointResults.count == 11)
        #expect(report.verdict == .holds)
    }

    @Test func aScenarioVariantAnsweredLiveIsReportedWithItsCode() async {
        let transport = MockTransport(directory: mocks, api: Demo.api)
        transport.use("not_found", for: "statuses.show")
        let report = await run(transport, only: ["statuses.show"])
        #expect(report.allFindings.map { "\($0.kind) \($0.path ?? "-") \($0.found ?? "-")" } == ["server-code $.code 20101"])
        #expect(report.verdict == .violated)
    }

    @Test func everyRequestIsSentWithTheLoginToken() async {
        let transport = MockTransport(directory: mocks, api: Demo.api)
        _ = await run(transport, only: ["statuses.homeTimeline", "users.show"])
        // The run ends the session it opened, last.
        #expect(transport.requests.last?.endpointID == "account.logout")
        let sent = transport.requests.filter { $0.endpointID != "account.login" && $0.endpointID != "account.logout" }
        // The timeline, its next page (asked as a server would be, not judged: a replayed page), users.show.
        #expect(sent.compactMap(\.endpointID).sorted() == ["statuses.homeTimeline", "statuses.homeTimeline", "users.show"])
        #expect(sent.allSatisfy { $0.url.query?.contains("access_token=2.00MockTokenForReplay") == true })
        // users.show waited for the timeline and sent the author it found there.
        #expect(sent.first?.endpointID == "statuses.homeTimeline")
        let show = sent.first { $0.endpointID == "users.show" }
        #expect(show?.url.query?.contains("uid=1000000006") == true)
    }
}
