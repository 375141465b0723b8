import APICheck
import Contracts
import Foundation
import Sandbox
import TestSupport
import Testing
import URLSessionClient

/// The home timeline declares cursor paging: `live` asks for the page after its own answer and
/// judges the two.
@Suite struct LivePagingTests {
    @Test func aNextPageThatRepeatsItemsIsAPagingFindingWithTheIds() async throws {
        let report = try await LiveHarness.run([.pagingOverlap], only: ["statuses.homeTimeline"])

        let paging = report.allFindings.filter { $0.kind == .paging }
        // The sandbox's two newest-but-one statuses of the first page come again.
        #expect(paging.map(\.found) == ["4130540976425182, 4130540976425181", "4130540976425182, 4130540976425181"])
        #expect(paging.allSatisfy { $0.endpoint == "statuses.homeTimeline" && $0.path == "$.datas.statuses[*].id" })
        #expect(paging.first?.message.contains("older than the first page's last, 4130540976425181") == true)
        #expect(paging.last?.message == "items come twice across the two pages: 4130540976425182, 4130540976425181")
        let result = try #require(report.results.first { $0.name == "paging statuses.homeTimeline" })
        #expect(result.requestPath == "statuses/home_timeline")
        #expect(report.verdict == .violated)
    }

    @Test func theCleanSandboxPagesAsDeclaredOverURLSession() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.shutdown() }
        let report = await LiveCheck(
            api: Demo.api, transport: transport,
            options: LiveOptions(
                baseURL: server.baseURL, mocksDirectory: LiveHarness.mocks, environment: LiveHarness.credentials)
        ).run()

        #expect(report.allFindings.map(\.message) == [])
        #expect(report.results.contains { $0.name == "paging statuses.homeTimeline" && $0.passed && $0.status == 200 })
        #expect(report.verdict == .holds)
    }
}
