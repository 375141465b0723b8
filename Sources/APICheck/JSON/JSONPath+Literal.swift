extension JSONPath: ExpressibleByStringLiteral {
    /// Declarations write paths as text: `"$.data.result"`, or a bare key, `"status"`, which is
    /// `$.status`. Text that parses as neither stays one key of that exact name, so a declaration
    /// never traps; `API.problems` reports an envelope or error path that finds nothing to read.
    public init(stringLiteral text: String) {
        if let parsed = JSONPath(parsing: text) { self = parsed } else { self = JSONPath([.key(text)]) }
    }

    /// The key of a one-step path (`$.code` → `code`), which the client's fast path reads directly.
    var singleKey: String? {
        guard components.count == 1, case let .key(key) = components[0] else { return nil }
        return key
    }
}
