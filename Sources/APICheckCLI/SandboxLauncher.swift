import Foundation

/// Starts a local backend for `apicheck live` to check when no target is configured, and for
/// `apicheck sandbox`. A package that ships its own `apicheck` over its own API may pass none.
public protocol SandboxLauncher: Sendable {
    /// Starts on 127.0.0.1:`port` (0 = any free port) and returns the running instance.
    /// `faults` are deliberate deviations in the launcher's own notation (for demos); an empty
    /// list serves the API exactly.
    func start(port: Int, tokenTTL: Double, faults: [String]) throws -> any RunningSandbox
    /// Credentials the sandbox accepts, used when the environment gives none.
    var account: String { get }
    var password: String { get }
}

public protocol RunningSandbox: Sendable {
    /// The API's base URL on this sandbox, ending in `/`.
    var baseURL: URL { get }
    func stop()
}
