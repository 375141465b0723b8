/// Why a YAML text did not become a JSON value: libyaml's own message and where, or a YAML
/// construct JSON has no place for.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based; 0 when the problem has no place (out of memory).
    public var line: Int
    public var column: Int

    public init(_ message: String, line: Int = 0, column: Int = 0) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        line > 0 ? "YAML line \(line), column \(column): \(message)" : "YAML: \(message)"
    }
}
