/// A mock selection that cannot be honoured: an entry that does not parse, names no declared
/// endpoint, or asks for a scenario without its mock file. Says which entry and why.
public struct MockSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var entry: String
    public var reason: String

    public init(entry: String, reason: String) {
        self.entry = entry
        self.reason = reason
    }

    public var description: String { "\(MockSelection.variable) entry '\(entry)': \(reason)" }
}
