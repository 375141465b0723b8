/// A command that cannot go on, after its arguments parsed: a missing folder, credentials not set,
/// a target that cannot be started. The tool prints it once as `<tool> <command>: <message>`
/// (without the usage text, which would bury it) and exits with its code.
struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// One line: a newline in it (a path or a value typed with one) is printed escaped.
    var message: String
    /// Lines printed under the message, each indented and escaped as the message is: a list the
    /// message introduces.
    var details: [String]
    var exitCode: ExitCode

    init(_ message: String, details: [String] = [], exitCode: ExitCode = .usageError) {
        self.message = message
        self.details = details
        self.exitCode = exitCode
    }

    var description: String { ([message] + details.map { "  " + $0 }).joined(separator: "\n") }
}
