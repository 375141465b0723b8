import APICheck
import Foundation

/// What every command gets: the API catalog, the console, the environment, the sandbox to fall back
/// on when no target is configured, and the names its messages start with.
struct CommandContext: Sendable {
    var api: API
    var console: Console
    var environment: [String: String]
    var sandbox: (any SandboxLauncher)?
    var workingDirectory: URL
    /// The tool's name (`apicheck`, or a package's own) and the running command's.
    var tool: String
    var command: String = ""

    /// `shop live`: what every message of this command starts with.
    var prefix: String { command.isEmpty ? tool : tool + " " + command }

    /// A diagnostic on stderr, `<tool> <command>: <text>`; the run goes on.
    func note(_ text: String) {
        console.err("\(prefix): \(text)")
    }
}
