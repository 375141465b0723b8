import APICheck
import Contracts
import Foundation
import Synchronization
import TestSupport
import Testing

/// The executor keeps its bound on requests in flight, whatever the transport allows.
@Suite struct PlanExecutorTests {
    @Test(arguments: [1, 2, 3])
    func neverMoreThanTheConcurrencyInFlight(concurrency: Int) async {
        let mocks = MockTransport(directory: LiveHarness.mocks, api: Demo.api)
        mocks.delay(.milliseconds(20))
        let counting = InFlight(mocks)
        let report = await LiveCheck(api: Demo.api, transport: counting, options: LiveOptions(
            baseURL: URL(string: "http://mock.invalid/Api/")!, concurrency: concurrency, mocksDirectory: LiveHarness.mocks,
            environment: LiveHarness.credentials, probes: false)).run()
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
