import APICheck
import Synchronization

/// Keeps the trace a live run prints (`--verbose`), line by line, for tests that read it.
public final class TraceLines: LiveRunObserver {
    private let kept = Mutex<[String]>([])

    public init() {}

    public var tracesRequests: Bool { true }
    public var lines: [String] { kept.withLock { $0 } }

    public func traced(_ line: String) {
        kept.withLock { $0.append(line) }
    }
}
