import APICheck
@testable import APICheckCLI
import Testing

/// The console follows a live run on stderr: the progress line as results are ready, the trace
/// when verbose, and nothing else.
@Suite struct ConsoleRunObserverTests {
    static func result(_ name: String, failed: Bool) -> CheckResult {
        CheckResult(
            name: name, role: .endpoint, endpoint: name, method: "GET", path: name,
            findings: failed ? [Finding(kind: .httpStatus, severity: .error, endpoint: name, message: "HTTP 500")] : [])
    }

    @Test func theProgressLineCountsResultsAndFailures() {
        let (console, captured) = Console.capturing()
        let observer = ConsoleRunObserver(console: console, trace: false, progress: true)
        observer.runStarted(results: 12)
        observer.resultReady(Self.result("a", failed: false))
        observer.resultReady(Self.result("b", failed: true))
        observer.traced("→ GET http://x/a")
        observer.runEnded()
        #expect(captured.err == "\r[ 1/12] checked\r[ 2/12] checked, 1 failed\r\u{1B}[K")
        #expect(captured.out.isEmpty)
        #expect(!observer.tracesRequests)
    }

    @Test func verboseTracesAndDrawsNoProgress() {
        let (console, captured) = Console.capturing()
        let observer = ConsoleRunObserver(console: console, trace: true, progress: false)
        observer.runStarted(results: 2)
        observer.resultReady(Self.result("a", failed: true))
        observer.traced("→ GET http://x/a")
        observer.runEnded()
        #expect(observer.tracesRequests)
        #expect(captured.err == "→ GET http://x/a\n")
    }
}
