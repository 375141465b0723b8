import Foundation

/// A mock, and when a live answer last matched it: how stale it may be.
public struct MockAge: Sendable, Equatable {
    public var mock: String
    public var firstComparedAt: Date
    public var lastComparedAt: Date
    /// Nil when no stored run's answer ever matched it.
    public var lastMatchedAt: Date?
    public var lastMatchedRunID: String?
    public var lastMatchedCommit: String?

    /// Seconds from the last match (or, never matched, the first comparison) to `now`.
    public func age(at now: Date) -> Double {
        now.timeIntervalSince(lastMatchedAt ?? firstComparedAt)
    }
}
