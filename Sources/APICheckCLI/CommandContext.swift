import APICheck
import Foundation

/// What every command gets: the API catalog, the console, the environment, and the sandbox to
/// fall back on when no target is configured.
struct CommandContext: Sendable {
    var api: API
    var console: Console
    var environment: [String: String]
    var sandbox: (any SandboxLauncher)?
    var workingDirectory: URL
}
