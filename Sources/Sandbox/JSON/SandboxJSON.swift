/// A JSON document as the sandbox writes it. Objects are ordered lists of members, not dictionaries,
/// because the answers must keep the key order of the type listings in docs/demo-api.md and the drift
/// faults must rewrite keys without reshuffling them.
///
/// The sandbox keeps its own JSON code on purpose instead of importing the core's: it stands in for
/// an independent server, and a shared parser would let one bug hide on both sides of the wire.
enum SandboxJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// Kept apart from `double` so that Int64 ids survive exactly.
    case int(Int64)
    case double(Double)
    case string(String)
    case array([SandboxJSON])
    case object([(key: String, value: SandboxJSON)])

    static func == (lhs: SandboxJSON, rhs: SandboxJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of the first member named `key`, when this is an object.
    subscript(key: String) -> SandboxJSON? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    var intValue: Int64? {
        if case let .int(value) = self { return value }
        return nil
    }

    var arrayValue: [SandboxJSON]? {
        if case let .array(value) = self { return value }
        return nil
    }
}
