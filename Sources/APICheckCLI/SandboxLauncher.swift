import Foundation

/// Starts a local backend for `apicheck live` to check when no target is configured, and for
/// `apicheck sandbox`. A package that ships its own `apicheck` over its own API may pass none.
public protocol SandboxLauncher: Sendable {
    /// Starts on 127.0.0.1:`port` (0 = any free port) and returns the running instance.
    /// `faults` are deliberate deviations in the launcher's own notation (for demos); an empty
    /// list serves the API exactly.
    func start(port: Int, tokenTTL: Double, faults: [String]) throws -> any RunningSandbox
    /// The same over HTTPS, with the certificate and key in these PEM files (nil: plain HTTP).
    /// A launcher that cannot serve HTTPS keeps the default, which refuses.
    func start(port: Int, tokenTTL: Double, faults: [String], tls: SandboxTLSFiles?) throws -> any RunningSandbox
    /// Credentials the sandbox accepts, used when the environment gives none.
    var account: String { get }
    var password: String { get }
}

public protocol RunningSandbox: Sendable {
    /// The API's base URL on this sandbox, ending in `/`.
    var baseURL: URL { get }
    func stop()
}

/// The PEM files `apicheck sandbox --tls-cert FILE --tls-key FILE` serves HTTPS with.
public struct SandboxTLSFiles: Sendable, Equatable {
    public var certificate: String
    public var key: String
    /// CA certificates a client certificate must chain to (mutual TLS); nil asks for none.
    public var clientCA: String?

    public init(certificate: String, key: String, clientCA: String? = nil) {
        self.certificate = certificate
        self.key = key
        self.clientCA = clientCA
    }
}

extension SandboxLauncher {
    public func start(port: Int, tokenTTL: Double, faults: [String], tls: SandboxTLSFiles?) throws -> any RunningSandbox {
        guard tls == nil else { throw CommandFailure("this sandbox cannot serve HTTPS") }
        return try start(port: port, tokenTTL: tokenTTL, faults: faults)
    }
}
