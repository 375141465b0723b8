import Foundation
import Synchronization

/// Where a command writes: findings on stdout, progress and diagnostics on stderr. Tests capture
/// both; the real entry point writes to the process's file handles.
public final class Console: Sendable {
    private let outSink: @Sendable (String) -> Void
    private let errSink: @Sendable (String) -> Void
    /// Colour only on a terminal, and never with NO_COLOR.
    public let colorOut: Bool
    public let stderrIsTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                colorOut: Bool = false, stderrIsTerminal: Bool = false) {
        outSink = out
        errSink = err
        self.colorOut = colorOut
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's stdout and stderr.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let outTTY = isatty(1) == 1, errTTY = isatty(2) == 1
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            colorOut: outTTY && !noColor, stderrIsTerminal: errTTY)
    }

    public func out(_ text: String) { outSink(text.hasSuffix("\n") ? text : text + "\n") }
    public func err(_ text: String) { errSink(text.hasSuffix("\n") ? text : text + "\n") }
    /// Writes without a newline (a progress line redrawn with `\r`).
    public func errRaw(_ text: String) { errSink(text) }

    /// A console that keeps what is written, for tests.
    public static func capturing() -> (Console, CapturedOutput) {
        let captured = CapturedOutput()
        return (Console(out: { captured.append(out: $0) }, err: { captured.append(err: $0) }), captured)
    }
}
