import HistoryStore
import Testing

/// What the flaky and pass-rate queries make of runs in which an endpoint was skipped (a login
/// that failed, `--only`, another shard): a skip is neither a pass nor a failure.
@Suite struct EndpointVerdictsTests {
    @Test func aSkippedRunIsNoFlipAndNoCheck() {
        let skippedEveryOtherRun = EndpointVerdicts(name: "feed.list", statuses: ["ok", "skip", "ok", "skip", "warn"])
        #expect(skippedEveryOtherRun.flips == 0)
        #expect(!skippedEveryOtherRun.isFlaky)
        #expect(skippedEveryOtherRun.checked == 3)
        #expect(skippedEveryOtherRun.passRate == 1)

        let failingThroughSkips = EndpointVerdicts(name: "feed.list", statuses: ["FAIL", "skip", "FAIL", "skip", "FAIL"])
        #expect(failingThroughSkips.flips == 0)
        #expect(failingThroughSkips.passRate == 0)

        // A flip across a skip still counts: ok, (skip), FAIL, ok.
        let flipped = EndpointVerdicts(name: "feed.list", statuses: ["ok", "skip", "FAIL", "ok"])
        #expect(flipped.flips == 2)
        #expect(flipped.isFlaky)
        #expect(flipped.passRate.map { abs($0 - 2.0 / 3.0) < 1e-9 } == true)

        #expect(EndpointVerdicts(name: "feed.list", statuses: ["skip", "skip"]).passRate == nil)
    }
}
