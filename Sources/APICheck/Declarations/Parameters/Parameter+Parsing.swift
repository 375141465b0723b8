extension Parameter.ValueType {
    /// Whether text from a URL (a path segment, a query value) reads as a value of this type.
    public func parses(_ text: String) -> Bool {
        switch self {
        case .string: return true
        case .int, .int64: return Int64(text) != nil
        case .double: return Double(text).map { $0.isFinite } ?? false
        case .bool: return ["true", "false", "1", "0"].contains(text)
        }
    }
}
