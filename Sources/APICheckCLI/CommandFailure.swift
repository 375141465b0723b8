/// A command that cannot go on, after its arguments parsed: a missing folder, credentials not set,
/// a target that cannot be started. The tool prints it once as `<tool> <command>: <message>`
/// (without the usage text, which would bury it) and exits with its code.
struct CommandFailure: Error, Sendable, CustomStringConvertible {
    var message: String
    var exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode = .usageError) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}
