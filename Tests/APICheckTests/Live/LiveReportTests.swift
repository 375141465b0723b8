@testable import APICheck
import Contracts
import Testing

/// A live run's report is a function of its plan and its steps' outcomes, and of nothing else.
@Suite struct LiveReportTests {
    let plan = LivePlan(api: Demo.api, selected: Demo.api.endpoints, probes: true)
    let header = Report(command: .live, api: "demo", target: "http://x/Api/")

    func step(_ match: (LiveStep.Action) -> Bool) throws -> LiveStep {
        try #require(plan.steps.first { match($0.action) })
    }

    /// Every step answered: each reported step's result is in the report, in the report's order.
    func answered(_ plan: LivePlan) -> StepOutcomes {
        var outcomes = StepOutcomes(steps: plan.steps.count)
        for step in plan.steps where step.isReported { outcomes[step.id] = StepOutcome(result: CheckResult(step.action)) }
        return outcomes
    }

    @Test func theLoginsVerdictTravelsInItsOutcome() throws {
        var outcomes = answered(plan)
        let login = try #require(plan.login)
        outcomes[login]?.runFindings = [
            Finding(
                kind: .credentials, severity: .error, category: .harness,
                endpoint: "account.login", message: "refused")
        ]
        let report = LiveReport.make(
            header, api: Demo.api, plan: plan, selected: Demo.api.endpoints, outcomes: outcomes,
            certificates: [])
        #expect(report.runFindings.map(\.kind) == [.credentials])
        #expect(report.endpointResults.map(\.name) == Demo.api.endpoints.map(\.id))
        #expect(report.probeResults.allSatisfy { $0.probe != nil })
        #expect(report.pagingResults.map(\.name) == ["paging statuses.homeTimeline"])
    }

    @Test func stepsSkippedBecauseTheTargetStalledAreCounted() {
        var outcomes = answered(plan)
        for id in plan.steps.indices.suffix(3) where outcomes[id] != nil {
            outcomes[id] = .skipped(plan.steps[id], PlanExecutor.stalled, login: .loggedIn)
            outcomes[id]?.stalled = true
        }
        let stalled = outcomes.values.filter { $0.stalled && $0.result != nil }.count
        let report = LiveReport.make(
            header, api: Demo.api, plan: plan, selected: Demo.api.endpoints, outcomes: outcomes,
            certificates: [])
        #expect(stalled > 0)
        #expect(
            report.runFindings.map(\.message) == [
                "http://x/Api/ stopped answering: requests timed out with no answer in the meantime; \(stalled) checks were skipped"
            ])
    }

    /// A skipped probe is reported only when the session's token was had: without it no probe
    /// had anything to try. An unreported check and a paging step yield no line.
    @Test func whatASkippedStepYields() throws {
        let probe = try step { if case .probe = $0 { true } else { false } }
        #expect(StepOutcome.skipped(probe, "why", login: .loggedIn).result?.skipped == "why")
        #expect(StepOutcome.skipped(probe, "why", login: .loggedIn).result?.probe == .tokenExpired)
        #expect(StepOutcome.skipped(probe, "why", login: .credentialsRefused).result == nil)
        let paging = try step { if case .paging = $0 { true } else { false } }
        #expect(StepOutcome.skipped(paging, "why", login: .loggedIn).result == nil)
        // The session's login, checked for its token only.
        let timelineOnly = LivePlan(api: Demo.api, selected: [Demo.homeTimeline.erased], probes: false)
        let unreported = try #require(timelineOnly.steps.first { !$0.isReported })
        #expect(StepOutcome.skipped(unreported, "why", login: .loggedIn).result == nil)
        let check = try step { if case .check(_, reported: true) = $0 { true } else { false } }
        #expect(StepOutcome.skipped(check, "why", login: nil).result?.name == check.endpoint.id)
    }

    /// One factory names and places every step's result.
    @Test func aStepsResultIsNamedByWhatItDoes() {
        let timeline = Demo.homeTimeline.erased
        #expect(CheckResult(.check(timeline, reported: true)).name == "statuses.homeTimeline")
        let probe = CheckResult(.probe(.revoked, timeline))
        #expect((probe.name, probe.role, probe.probe) == ("probe revoked-token statuses.homeTimeline", .probe, .revoked))
        let paging = CheckResult(.paging(timeline))
        #expect((paging.name, paging.role, paging.probe) == ("paging statuses.homeTimeline", .paging, nil))
        #expect((paging.method, paging.path) == ("GET", "statuses/home_timeline"))
    }

    /// Alertmanager down, one path sample unset: every request sent was refused, and the
    /// endpoint that sent none (`missing-sample`) counted as one that answered, so the run
    /// exited 2 without saying the target was unreachable.
    @Test func aCheckThatSentNothingDoesNotHideAnUnreachableTarget() throws {
        var outcomes = StepOutcomes(steps: plan.steps.count)
        var first = true
        for step in plan.steps where step.isReported {
            guard case .check = step.action else { continue }
            let kind: FindingKind = first ? .missingSample : .unreachable
            first = false
            var result = CheckResult(step.action)
            result.findings = [Finding(kind: kind, severity: .error, category: .harness, endpoint: step.endpoint.id, message: "x")]
            outcomes[step.id] = StepOutcome(result: result)
        }
        let report = LiveReport.make(
            header, api: Demo.api, plan: plan, selected: Demo.api.endpoints, outcomes: outcomes, certificates: [])
        #expect(report.runFindings.map(\.message) == ["no endpoint of http://x/Api/ could be reached or answered in time"])
        #expect(report.verdict == .unreachable)
    }
}
