/// Why a body is not JSON, with where it went wrong: byte offset, line and column, and the JSONPath
/// of the value being read.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public var line: Int
    public var column: Int
    public var path: JSONPath
    /// The path is only the head of a deeper one.
    public var pathIsTruncated: Bool = false

    public var description: String {
        "\(reason) at line \(line), column \(column) (\(path)\(pathIsTruncated ? "…" : ""))"
    }
}
