import Foundation
import Synchronization

/// Where a command writes: findings on stdout, progress and diagnostics on stderr. Tests capture
/// both; the real entry point writes to the process's file descriptors.
///
/// A write that fails never traps and never ends the run: the console remembers the first failure
/// of each stream, drops what follows on it, and the tool reports it when the command is done.
public final class Console: Sendable {
    public enum Stream: String, Sendable {
        case standardOutput = "stdout"
        case standardError = "stderr"
    }

    private let outSink: @Sendable (String) throws -> Void
    private let errSink: @Sendable (String) throws -> Void
    private let failures = Mutex<[Stream: String]>([:])
    /// Colour only on a terminal, and never with NO_COLOR.
    public let colorOut: Bool
    public let stderrIsTerminal: Bool

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        colorOut: Bool = false, stderrIsTerminal: Bool = false
    ) {
        outSink = out
        errSink = err
        self.colorOut = colorOut
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// A console whose writes can fail: a failure is kept and reported, not thrown at the command.
    public init(
        failableOut: @escaping @Sendable (String) throws -> Void, err: @escaping @Sendable (String) throws -> Void,
        colorOut: Bool = false, stderrIsTerminal: Bool = false
    ) {
        outSink = failableOut
        errSink = err
        self.colorOut = colorOut
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's stdout and stderr, written with write(2) (see `StandardStream`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let out = StandardStream.output, err = StandardStream.error
        return Console(
            failableOut: { try out.write($0) },
            err: { try err.write($0) },
            colorOut: out.isTerminal && !noColor, stderrIsTerminal: err.isTerminal)
    }

    public func out(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: .standardOutput) }
    public func err(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: .standardError) }
    /// Writes without a newline (a progress line redrawn with `\r`).
    public func errRaw(_ text: String) { write(text, to: .standardError) }

    /// Why `stream` could not be written (`cannot write to stdout: No space left on device`), or nil.
    public func failure(of stream: Stream) -> String? {
        failures.withLock { $0[stream] }
    }

    private func write(_ text: String, to stream: Stream) {
        if failure(of: stream) != nil { return }
        do {
            try (stream == .standardOutput ? outSink : errSink)(text)
        } catch {
            let reason = (error as? StandardStream.WriteError)?.reason ?? "\(error)"
            failures.withLock { failures in
                if failures[stream] == nil { failures[stream] = "cannot write to \(stream.rawValue): \(reason)" }
            }
        }
    }

    /// This console with what goes to stdout sent to stderr: a listing, when a report takes stdout.
    public var divertingOutput: Console {
        Console(out: { self.errRaw($0) }, err: { self.errRaw($0) }, colorOut: false, stderrIsTerminal: stderrIsTerminal)
    }

    /// A console that keeps what is written, for tests.
    public static func capturing() -> (Console, CapturedOutput) {
        let captured = CapturedOutput()
        return (Console(out: { captured.append(out: $0) }, err: { captured.append(err: $0) }), captured)
    }
}
