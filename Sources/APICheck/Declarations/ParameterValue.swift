/// A value given for a parameter. Literals make call sites read naturally:
/// `client.send(Demo.homeTimeline, ["count": 5])`.
public enum ParameterValue: Sendable, Equatable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// How the value travels in a path or a query string.
    public var text: String {
        switch self {
        case let .string(value): return value
        case let .int(value): return String(value)
        case let .double(value): return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case let .bool(value): return value ? "true" : "false"
        }
    }

    /// How the value travels in a JSON body.
    public var json: JSONValue {
        switch self {
        case let .string(value): return .string(value)
        case let .int(value): return .number(String(value))
        case let .double(value): return .number(String(value))
        case let .bool(value): return .bool(value)
        }
    }

    public var kindName: String {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        }
    }

    public var description: String { text }
}
