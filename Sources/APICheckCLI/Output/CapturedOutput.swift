import Synchronization

/// What a capturing console received.
public final class CapturedOutput: Sendable {
    private let state = Mutex<(out: String, err: String)>(("", ""))
    public var out: String { state.withLock { $0.out } }
    public var err: String { state.withLock { $0.err } }
    func append(out text: String) { state.withLock { $0.out += text } }
    func append(err text: String) { state.withLock { $0.err += text } }
}
