/// A status or error code as an answer carries it: any JSON scalar. The demo's envelope says
/// `"code": 200`, a metrics server `"status": "success"`, another `"ok": true`, a chat server's
/// errors `"errcode": "M_FORBIDDEN"`. Literals of each kind convert, so declarations stay short:
/// `successCodes: [200]`, `success: ["success"]`, `success: [true]`.
public enum EnvelopeCode: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    case int(Int)
    case string(String)
    case bool(Bool)

    public init(integerLiteral value: Int) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The code a JSON value holds, when it is a scalar: `200` and `200.0` are both `.int(200)`
    /// (JSONDecoder reads both as an Int); null, arrays, objects and fractions are no code.
    public init?(_ value: JSONValue) {
        switch value {
        case let .number(text):
            if let int = Int(text) { self = .int(int); return }
            guard let number = Double(text), number.rounded() == number, let int = Int(exactly: number) else { return nil }
            self = .int(int)
        case let .string(text): self = .string(text)
        case let .bool(flag): self = .bool(flag)
        default: return nil
        }
    }

    /// The kind's name as reports print expected types: `Int`, `String`, `Bool`.
    public var kindName: String {
        switch self {
        case .int: "Int"
        case .string: "String"
        case .bool: "Bool"
        }
    }

    /// The code as JSON, for the answers `serve` writes and the schemas `openapi` writes.
    public var json: JSONValue {
        switch self {
        case let .int(value): .number(String(value))
        case let .string(value): .string(value)
        case let .bool(value): .bool(value)
        }
    }

    /// Numbers bare, strings quoted, as they appear in the body: `10504`, `"M_FORBIDDEN"`, `true`.
    public var description: String {
        switch self {
        case let .int(value): String(value)
        case let .string(value): "\"\(value)\""
        case let .bool(value): String(value)
        }
    }

    /// The value alone, for messages that quote it themselves and for lookups by name.
    public var text: String {
        switch self {
        case let .int(value): String(value)
        case let .string(value): value
        case let .bool(value): String(value)
        }
    }

    public static func < (lhs: EnvelopeCode, rhs: EnvelopeCode) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): a < b
        case let (.string(a), .string(b)): a < b
        case let (.bool(a), .bool(b)): !a && b
        default: lhs.rank < rhs.rank
        }
    }

    private var rank: Int {
        switch self {
        case .int: 0
        case .string: 1
        case .bool: 2
        }
    }
}
