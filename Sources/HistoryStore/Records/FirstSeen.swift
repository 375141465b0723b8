import Foundation

/// A finding of the newest run, and the first stored run it appeared in.
public struct FirstSeen: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var severity: String
    public var path: String?
    public var firstRunID: String
    public var firstSeenAt: Date
    public var firstCommit: String?
}
