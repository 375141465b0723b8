import APICheck

/// How a command ends, as docs/live.md and each command's help document it. Every command returns one of these; the
/// process exits with its raw value.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// The contract holds (or the command did what it was asked).
    case success = 0
    /// The contract is violated: errors, or warnings under `--strict`; problems in the mocks.
    case violated = 1
    /// A usage or configuration error, or output that could not be written.
    case usageError = 2
    /// The target could not be reached (infrastructure, not drift).
    case unreachable = 3

    /// The one mapping from what a run concluded to how the process ends.
    public init(_ verdict: Verdict) {
        switch verdict {
        case .holds: self = .success
        case .violated: self = .violated
        case .incomplete: self = .usageError
        case .unreachable: self = .unreachable
        }
    }
}
