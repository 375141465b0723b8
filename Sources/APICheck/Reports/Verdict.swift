/// What a run concluded, as one value: every report, recording and import ends in exactly one.
/// The command line turns it into the process's exit code, in one place (`ExitCode(_:)`).
public enum Verdict: String, Sendable, CaseIterable {
    /// The contract holds (or the command did what it was asked).
    case holds
    /// The contract is violated: errors, or warnings under strict; an answer refused.
    case violated
    /// The run could not do its job: refused credentials, a sample that cannot be made, bad
    /// declarations, a file that could not be written; and no contract error was found.
    case incomplete
    /// The target could not be reached (infrastructure, not drift).
    case unreachable

    /// The one order of the verdicts, which every report, recording and import ends by: an
    /// unreachable target outweighs a violated contract, which outweighs a run that could not do
    /// its job. Each caller says only which of the three it saw.
    public init(unreachable: Bool = false, violated: Bool, incomplete: Bool) {
        self = unreachable ? .unreachable : violated ? .violated : incomplete ? .incomplete : .holds
    }
}
