/// A value given for a parameter. Literals make call sites read naturally:
/// `client.send(Demo.homeTimeline, ["count": 5])`.
public enum ParameterValue: Sendable, Equatable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral
{
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    /// The values of a list parameter (`Parameter.queryList`, `.bodyList`).
    case list([ParameterValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: ParameterValue...) { self = .list(elements) }

    /// How the value travels in a path or a query string.
    public var text: String {
        switch self {
        case let .string(value): return value
        case let .int(value): return String(value)
        case let .double(value): return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case let .bool(value): return value ? "true" : "false"
        case let .list(values): return values.map(\.text).joined(separator: ",")
        }
    }

    /// How the value travels in a JSON body.
    public var json: JSONValue {
        switch self {
        case let .string(value): return .string(value)
        case let .int(value): return .number(String(value))
        case let .double(value): return .number(String(value))
        case let .bool(value): return .bool(value)
        case let .list(values): return .array(values.map(\.json))
        }
    }

    public var kindName: String {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .list: return "Array"
        }
    }

    public var description: String { text }
}
