/// A parsed JSON document that keeps what `JSONSerialization` loses: the order of object keys, the
/// difference between `1` and `true`, and the exact text of a number (Int64 ids stay exact).
///
/// Not `indirect`: arrays already give the recursion its indirection, and a boxed case would cost
/// one allocation per value, of which a big answer has millions.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text as it appeared, e.g. `4130540976425001` or `1.5e3`.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order. Duplicate keys are kept as they came; lookups take the last.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b || Double(a) == Double(b)
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public subscript(index: Int) -> JSONValue? {
        guard case let .array(items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The first value `path` reaches (`values(at:)`), or nil when some step is absent.
    public func value(at path: JSONPath) -> JSONValue? {
        values(at: path)?.first
    }

    /// Every value `path` reaches, in document order: `[*]` and `.*` step into every element and
    /// member. Nil when some step is absent on any of the ways (a key missing from one element,
    /// an index out of range, a wildcard over a scalar). The one evaluator of paths: samples,
    /// the audit, decoding and the paging check all read through it.
    public func values(at path: JSONPath) -> [JSONValue]? {
        var current: [JSONValue] = [self]
        for component in path.components {
            var next: [JSONValue] = []
            next.reserveCapacity(current.count)
            for value in current {
                switch component {
                case let .key(key):
                    guard let member = value[key] else { return nil }
                    next.append(member)
                case let .index(index):
                    guard let item = value[index] else { return nil }
                    next.append(item)
                case .anyIndex:
                    guard case let .array(items) = value else { return nil }
                    next += items
                case .anyKey:
                    guard case let .object(members) = value else { return nil }
                    next += members.map(\.value)
                }
            }
            current = next
        }
        return current
    }

    public var isNull: Bool { if case .null = self { return true } else { return false } }

    public var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }

    /// The number as an Int64 when it is an integer literal that fits.
    public var int64Value: Int64? { if case let .number(text) = self { return Int64(text) } else { return nil } }

    public var doubleValue: Double? { if case let .number(text) = self { return Double(text) } else { return nil } }

    /// A short name of the kind of value, as reports print what was found: `String`, `Int`,
    /// `Double`, `Bool`, `null`, `Array`, `Object`.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "Bool"
        case let .number(text): return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "Double" : "Int"
        case .string: return "String"
        case .array: return "Array"
        case .object: return "Object"
        }
    }
}
