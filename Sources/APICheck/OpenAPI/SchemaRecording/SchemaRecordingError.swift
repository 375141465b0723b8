/// Why a decode type could not be turned into a schema: the type, where it sits in the type being
/// walked (`Status.kind`), and what to do about it.
public struct SchemaRecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Swift type that could not be walked.
    public var type: String
    /// Where it was met, as Swift property names from the root type: `Timeline.statuses.kind`.
    public var path: String
    public var reason: String

    public init(type: String, path: String, reason: String) {
        self.type = type
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path) (\(type)): \(reason)" }
}
