import APICheck
import Synchronization

/// Follows a live run on stderr: the request and answer trace (`--verbose`), or the progress line
/// redrawn as each result is ready (a terminal, not verbose).
final class ConsoleRunObserver: LiveRunObserver {
    private let console: Console
    let tracesRequests: Bool
    private let showsProgress: Bool
    private let counts = Mutex((done: 0, total: 0, failed: 0))

    init(console: Console, trace: Bool, progress: Bool) {
        self.console = console
        tracesRequests = trace
        showsProgress = progress
    }

    func runStarted(results: Int) {
        counts.withLock { $0.total = results }
    }

    func traced(_ line: String) {
        if tracesRequests { console.err(line) }
    }

    func resultReady(_ result: CheckResult) {
        guard showsProgress else { return }
        let (done, total, failed) = counts.withLock { counts in
            counts.done += 1
            if !result.passed { counts.failed += 1 }
            return (counts.done, counts.total, counts.failed)
        }
        console.errRaw("\r" + TextReport.progressLine(done: done, total: total, failed: failed))
    }

    /// Clears the progress line, so that what follows starts on a clean line.
    func runEnded() {
        if showsProgress { console.errRaw("\r\u{1B}[K") }
    }
}
