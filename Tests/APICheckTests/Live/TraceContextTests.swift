@testable import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// W3C trace context on a live run, over the mock transport: every request carries a
/// `traceparent` of the run's one trace, each step its own span, shown on each result; without a
/// trace context no request carries one.
@Suite struct TraceContextTests {
    static let traceparent = #"^00-[0-9a-f]{32}-[0-9a-f]{16}-01$"#

    func run(_ transport: MockTransport, trace: TraceContext?) async -> Report {
        var options = LiveOptions(
            baseURL: URL(string: "http://mock.invalid/Api/")!, mocksDirectory: RepositoryPaths.mocks,
            environment: ["APICHECK_ACCOUNT": "demo", "APICHECK_PASSWORD": "demo-password"])
        options.traceContext = trace
        return await LiveCheck(api: Demo.api, transport: transport, options: options).run()
    }

    @Test func everyRequestCarriesTheRunsTraceAndEachStepItsSpan() async throws {
        let transport = MockTransport(directory: RepositoryPaths.mocks, api: Demo.api)
        let trace = TraceContext(runID: "github-42-1")
        let report = await run(transport, trace: trace)
        let sent = transport.requests.map { $0.header("traceparent") }
        #expect(!sent.isEmpty)
        for value in sent {
            let value = try #require(value, "a request without traceparent")
            #expect(value.range(of: Self.traceparent, options: .regularExpression) != nil, "\(value)")
            #expect(value.hasPrefix("00-\(trace.traceID)-"))
        }
        let shown = report.results.compactMap(\.traceparent)
        #expect(shown.count == report.results.count { $0.skipped == nil })
        // One span per step: no two results share one, and each is one the server saw.
        #expect(Set(shown).count == shown.count)
        #expect(Set(shown).isSubset(of: Set(sent.compactMap { $0 })))
    }

    @Test func withoutATraceContextNoRequestCarriesOne() async {
        let transport = MockTransport(directory: RepositoryPaths.mocks, api: Demo.api)
        let report = await run(transport, trace: nil)
        #expect(!transport.requests.isEmpty)
        #expect(transport.requests.allSatisfy { $0.header("traceparent") == nil })
        #expect(report.results.allSatisfy { $0.traceparent == nil })
    }

    /// A request that already carries a `traceparent` (sent again after a refresh, or declared
    /// by hand, in any case) goes out with its step's one only.
    @Test func aRequestCarriesOneTraceparentThatOfItsStep() async throws {
        let mock = MockTransport(directory: RepositoryPaths.mocks, api: Demo.api)
        let transport = TraceContextTransport(base: mock)
        let step = TraceContext(runID: "github-42-1").traceparent()
        let request = HTTPRequest(
            method: .get, url: URL(string: "http://mock.invalid/Api/statuses/public_timeline")!,
            headers: [(name: "Traceparent", value: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")],
            endpointID: "statuses.publicTimeline")
        _ = try? await TraceContext.$current.withValue(step) { try await transport.send(request) }
        let sent = try #require(mock.requests.last)
        #expect(sent.headers.filter { $0.name.lowercased() == "traceparent" }.map(\.value) == [step])
    }

    @Test func theTraceIDComesFromTheRunID() {
        #expect(TraceContext(runID: "0AF76519-16CD-43DD-8448-EB211C80319C").traceID == "0af7651916cd43dd8448eb211c80319c")
        #expect(TraceContext(runID: "github-42-1") == TraceContext(runID: "github-42-1"))
        #expect(TraceContext(runID: "github-42-1") != TraceContext(runID: "github-42-2"))
        #expect(TraceContext(runID: "x").traceID.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil)
        #expect(TraceContext(runID: String(repeating: "0", count: 32)).traceID != String(repeating: "0", count: 32))
    }
}
