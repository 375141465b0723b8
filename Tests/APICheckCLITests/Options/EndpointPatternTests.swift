@testable import APICheck
import APICheckCLI
import Contracts
import Foundation
import TestSupport
import Testing

/// Shell-style patterns in `--only` and `--except` (`'statuses.*'`): they select what they match,
/// a pattern that matches nothing is a usage error, and what only a person's own words may select
/// is never selected by a pattern.
@Suite struct EndpointPatternTests {
    @Test func onlyTakesWhatAPatternMatches() async {
        let run = await LiveHarness.cli(["live", "--no-probes", "--no-error-checks", "--only", "statuses.*,config.main"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("3 endpoints ok"), "\(run.out)")
        #expect(
            run.out.contains("statuses.show") && run.out.contains("statuses.homeTimeline") && !run.out.contains("topics.list"), "\(run.out)"
        )
    }

    @Test func exceptLeavesOutWhatAPatternMatchesButTheSessionsOwnEndpoints() async {
        let run = await LiveHarness.cli(["live", "--no-probes", "--except", "topics.*like,account.*"])
        #expect(run.code == 0, "\(run.err)")
        #expect(
            !run.out.contains("topics.like") && !run.out.contains("topics.unlike") && !run.out.contains("account.register"), "\(run.out)")
        #expect(run.out.contains("topics.list") && run.out.contains("account.login"), "\(run.out)")
    }

    @Test func aPatternThatMatchesNothingIsAUsageError() async {
        let run = await LiveHarness.cli(["live", "--only", "orders.*"])
        #expect(run.code == 2 && run.err.contains("--only: 'orders.*' matches no endpoint id"), "\(run.err)")
    }

    /// An endpoint that ends the identity the run calls as runs only when `--only` names it
    /// itself: `--only 'topics.*'` must not delete the account a pattern happened to match.
    @Test func aPatternNeverSelectsAnEndpointThatEndsTheIdentity() async {
        let api = Demo.api.changingEndpoint("topics.unlike") { $0.endingIdentity() }
        let byPattern = await HistoryPerAPICommandTests.cli(["live", "--no-probes", "--only", "topics.*"], api: api)
        #expect(byPattern.code == 0, "\(byPattern.err)")
        #expect(byPattern.out.contains("ok    topics.like") && !byPattern.out.contains("ok    topics.unlike"), "\(byPattern.out)")
        #expect(byPattern.out.contains("topics.unlike is not checked"), "\(byPattern.out)")
        let named = await HistoryPerAPICommandTests.cli(["live", "--no-probes", "--only", "topics.*,topics.unlike"], api: api)
        #expect(named.out.contains("ok    topics.unlike"), "\(named.out)")
    }
}
