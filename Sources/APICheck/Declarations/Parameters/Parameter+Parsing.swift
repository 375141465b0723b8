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

extension Parameter {
    /// Whether text from a URL, a header or a form reads as this parameter's value: of its type,
    /// and in its format where it declares one.
    public func parses(_ text: String) -> Bool {
        type.parses(text) && (format?.matches(text) ?? true)
    }

    /// Whether a JSON value is this parameter's: of its type, and text in its format.
    public func accepts(_ value: ParameterValue) -> Bool {
        guard type.accept(value) != nil else { return false }
        guard let format else { return true }
        if case let .string(text) = value { return format.matches(text) }
        return false
    }

    /// What the parameter takes, as messages say it: `Int`, `String (uuid)`.
    public var expected: String {
        format.map { "\(type.rawValue) (\($0.rawValue))" } ?? type.rawValue
    }
}
