import APICheck
import Contracts
import Foundation
import Synchronization
import TestSupport
import Testing

/// One observer follows a live run: the results as they are ready, every answer raw, the trace
/// only when asked for.
@Suite struct LiveRunObserverTests {
    static let options = LiveOptions(
        baseURL: URL(string: "http://mock.invalid/Api/")!, mocksDirectory: RepositoryPaths.mocks,
        environment: ["APICHECK_ACCOUNT": "demo", "APICHECK_PASSWORD": "demo-password"])

    @Test func oneObserverSeesEveryResultAndEveryAnswer() async {
        let transport = MockTransport(directory: RepositoryPaths.mocks, api: Demo.api)
        let events = Events(traces: false)
        let report = await LiveCheck(api: Demo.api, transport: transport, options: Self.options, observers: [events]).run()
        let seen = events.seen
        #expect(report.probeResults.count > 0)
        // The paging step and the three error checks are planned too; over mocks they yield no result.
        #expect(seen.planned == report.results.count + 4)
        #expect(seen.results.sorted() == report.results.map(\.name).sorted())
        // Every request got an answer from the mocks, and each came to the observer once.
        #expect(seen.answers.count == transport.requests.count)
        #expect(Set(seen.answers).count == seen.answers.count)
        #expect(seen.traced == 0)
    }

    @Test func theTraceIsMadeForAnObserverThatReadsIt() async {
        let transport = MockTransport(directory: RepositoryPaths.mocks, api: Demo.api)
        let quiet = Events(traces: false), tracing = Events(traces: true)
        _ = await LiveCheck(api: Demo.api, transport: transport, options: Self.options, observers: [quiet, tracing]).run()
        // A line as each request goes out and one as each answer comes in.
        #expect(tracing.seen.traced == 2 * transport.requests.count)
        #expect(quiet.seen.traced == 0)
    }

    /// Paging is judged against servers only: an answer replayed from a mock file is the same
    /// page whatever the cursor. The answer says it was replayed, through any transport that
    /// wraps the mock one, so the mock transport and a wrapper of it are asked the same things.
    @Test func aReplayedPageIsNotJudgedWhateverWrapsTheMocks() async {
        var options = Self.options
        options.only = ["statuses.homeTimeline"]
        options.probes = false
        var asked: [[String]] = []
        for wrapped in [false, true] {
            let mocks = MockTransport(directory: RepositoryPaths.mocks, api: Demo.api)
            let report = await LiveCheck(api: Demo.api, transport: wrapped ? Passing(mocks) : mocks, options: options).run()
            #expect(report.pagingResults.isEmpty)
            #expect(report.verdict == .holds)
            asked.append(mocks.requests.compactMap(\.endpointID))
        }
        #expect(asked[0] == asked[1])
        #expect(asked[0].filter { $0 == "statuses.homeTimeline" }.count == 2)
    }
}

/// Counts what a run told it.
private final class Events: LiveRunObserver {
    struct Seen {
        var planned = 0
        var results: [String] = []
        /// Each answer as its step and the URL asked: a paging step asks for pages of its own.
        var answers: [String] = []
        var traced = 0
    }

    let tracesRequests: Bool
    private let state = Mutex(Seen())

    init(traces: Bool) { tracesRequests = traces }

    var seen: Seen { state.withLock { $0 } }

    func runStarted(results: Int) { state.withLock { $0.planned = results } }
    func traced(_ line: String) { state.withLock { $0.traced += 1 } }
    func received(_ exchange: LiveExchange) {
        state.withLock { $0.answers.append("\(exchange.step) \(exchange.request.url.absoluteString)") }
    }
    func resultReady(_ result: CheckResult) { state.withLock { $0.results.append(result.name) } }
}

/// A transport that only passes requests on: the client cannot tell it from the one it wraps.
private struct Passing: Transport {
    let base: any Transport
    init(_ base: any Transport) { self.base = base }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await base.send(request) }
}
