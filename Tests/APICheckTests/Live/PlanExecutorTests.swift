@testable import APICheck
import Contracts
import Foundation
import Synchronization
import TestSupport
import Testing

/// The executor keeps its bound on requests in flight, whatever the transport allows; a step
/// reads only the outcomes it names; an outcome can stop the run; every outcome goes to the
/// observer once, raw exchange and all, and is kept without it.
@Suite struct PlanExecutorTests {
    let plan = LivePlan(api: Demo.api, selected: Demo.api.endpoints, probes: true)

    /// What each step of `plan` read, and what the observer got, when every step answers.
    final class Log: Sendable {
        let read = Mutex<[LiveStep.ID: Set<LiveStep.ID>]>([:])
        let observed = Mutex<[LiveStep.ID]>([])
        let exchanges = Mutex(0)
    }

    func answer(_ step: LiveStep, login: LiveStep.ID?) -> StepOutcome {
        var outcome = StepOutcome(result: CheckResult(step.action), issuedToken: "token-\(step.id)", succeeded: true, answered: true)
        if step.id == login { outcome.login = .loggedIn }
        let request = HTTPRequest(method: step.endpoint.method, url: URL(string: "http://x.invalid/\(step.id)")!)
        outcome.exchange = LiveExchange(
            step: step.id, endpoint: step.endpoint, role: .check(reported: true), request: request,
            response: HTTPResponse(status: 200))
        return outcome
    }

    @Test func aStepReadsWhatItNamesAndTheSessionsLogin() async throws {
        let log = Log(), plan = plan, login = try #require(plan.login)
        let outcomes = await PlanExecutor(plan: plan, concurrency: 3).run(
            perform: { step, known in
                log.read.withLock { $0[step.id] = Set(known.keys) }
                return answer(step, login: login)
            },
            observe: { step, outcome in
                log.observed.withLock { $0.append(step.id) }
                if outcome.exchange != nil { log.exchanges.withLock { $0 += 1 } }
            })
        let read = log.read.withLock { $0 }
        #expect(read.count == plan.steps.count)
        for step in plan.steps {
            let expected = step.id == login ? step.prerequisites : step.prerequisites.union([login])
            #expect(read[step.id] == expected, "step \(step.id)")
        }
        #expect(log.observed.withLock { $0 }.sorted() == Array(plan.steps.indices))
        #expect(log.exchanges.withLock { $0 } == plan.steps.count)
        #expect(outcomes.values.allSatisfy { $0.exchange == nil })
    }

    @Test func anOutcomeThatStopsTheRunSkipsEveryStepLeftWithItsReason() async throws {
        let plan = plan, login = try #require(plan.login)
        let performed = Mutex(0)
        let outcomes = await PlanExecutor(plan: plan, concurrency: 2).run(
            perform: { step, _ in
                performed.withLock { $0 += 1 }
                var outcome = StepOutcome(result: CheckResult(step.action))
                outcome.login = .unreachable
                outcome.stopsRun = "the target is unreachable"
                return outcome
            },
            observe: { _, _ in })
        // The login runs alone first: nothing else was started.
        #expect(performed.withLock { $0 } == 1)
        #expect(outcomes.count == plan.steps.count)
        let skipped = plan.steps.filter { $0.id != login }.compactMap { outcomes[$0.id]?.result }
        #expect(!skipped.isEmpty)
        #expect(skipped.allSatisfy { $0.skipped == "the target is unreachable" && [.endpoint, .errorCheck].contains($0.role) })
    }

    @Test(arguments: [1, 2, 3])
    func neverMoreThanTheConcurrencyInFlight(concurrency: Int) async {
        let mocks = MockTransport(directory: LiveHarness.mocks, api: Demo.api)
        mocks.delay(.milliseconds(20))
        let counting = InFlight(mocks)
        let report = await LiveCheck(
            api: Demo.api, transport: counting,
            options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/Api/")!, concurrency: concurrency, mocksDirectory: LiveHarness.mocks,
                environment: LiveHarness.credentials, probes: false)
        ).run()
        #expect(report.verdict == .holds)
        // The demo plan's first round has four steps ready at once.
        #expect(counting.peak == concurrency)
    }
}

/// Counts the requests in flight through it, and the most at once.
private final class InFlight: Transport {
    private let base: any Transport
    private let state = Mutex((now: 0, peak: 0))

    init(_ base: any Transport) { self.base = base }

    var peak: Int { state.withLock { $0.peak } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        state.withLock { state in
            state.now += 1
            state.peak = max(state.peak, state.now)
        }
        defer { state.withLock { $0.now -= 1 } }
        return try await base.send(request)
    }
}
