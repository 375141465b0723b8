/// A certificate or key file for `HTTPServerTLS` that cannot be used. Names the file, never its content.
public struct HTTPServerTLSError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "'\(file)': \(reason)" }
}
