import Synchronization

/// The values a type lists, when it states them as an `enum` (`OpenAPISchemaProviding`): what a
/// request may send where a server's answer may hold more. Worked out once per type: a proxy
/// checks every request body, and a schema is a value built on each ask.
enum ListedValues {
    private static let known = Mutex<[ObjectIdentifier: [JSONValue]?]>([:])

    static func of<T>(_ type: T.Type) -> [JSONValue]? {
        guard let provider = type as? any OpenAPISchemaProviding.Type else { return nil }
        let key = ObjectIdentifier(type)
        if let cached = known.withLock({ $0[key] }) { return cached }
        let values: [JSONValue]? =
            if case let .array(items)? = provider.openAPISchema["enum"], !items.isEmpty { items.filter { $0 != .null } } else { nil }
        known.withLock { $0[key] = .some(values) }
        return values
    }
}
