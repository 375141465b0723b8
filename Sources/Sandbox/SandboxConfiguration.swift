import Foundation

/// How a sandbox behaves. The defaults give exactly the behaviour of docs/demo-api.md.
public struct SandboxConfiguration: Sendable {
    /// Lifetime of an issued token, in seconds; tests set it low, or move `now` past it.
    public var tokenTTL: Double = 3600
    /// Deliberate deviations from docs/demo-api.md, so that the live checker's tests can prove that each
    /// of its checks fires. Empty means none.
    public var faults: [SandboxFault] = []
    /// The clock that issues and expires tokens; injectable so TTL tests need not sleep.
    public var now: @Sendable () -> Date = { Date() }

    public init(tokenTTL: Double = 3600, faults: [SandboxFault] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        self.tokenTTL = tokenTTL
        self.faults = faults
        self.now = now
    }
}
