/// What tells apart endpoints declared on one method and path (`GET sync` for the first sync and
/// `GET sync?since=…` for the next ones): `serve` routes a request to the endpoint whose
/// distinction it meets, else to the one on that route that declares none.
public enum Distinction: Sendable, Equatable, CustomStringConvertible {
    /// The query has (or lacks) this parameter.
    case query(String, present: Bool)
    /// The query's first parameter of this name has this value (`_shape=array` and `_shape=objects`
    /// on one route). `live` sends it when the endpoint declares no parameter of that name.
    case queryValue(String, value: String)
    /// This header is sent, with this value when one is given (names ignore case).
    case header(String, value: String? = nil)
    /// The JSON or form body has this top-level field, with this value (as text) when one is given.
    case bodyField(String, value: String? = nil)

    /// `.query("_shape", value: "array")`, spelt as the header and body forms are.
    public static func query(_ name: String, value: String) -> Distinction { .queryValue(name, value: value) }

    /// How listings and documents name it: `query since present`, `query _shape = array`, `header X-Page = 2`.
    public var description: String {
        switch self {
        case let .query(name, present): "query \(name) \(present ? "present" : "absent")"
        case let .queryValue(name, value): "query \(name) = \(value)"
        case let .header(name, value): "header \(name)" + (value.map { " = \($0)" } ?? " present")
        case let .bodyField(name, value): "body field \(name)" + (value.map { " = \($0)" } ?? " present")
        }
    }

    /// The query pair a request must carry to meet it, when it names a value.
    public var queryPair: (name: String, value: String)? {
        if case let .queryValue(name, value) = self { return (name, value) }
        return nil
    }

    /// Whether a request meets it. `query` gives the first value of a query parameter (decoded),
    /// `bodyField` a field of the body as text (a JSON scalar or a form value); nil when absent.
    public func isMet(query: (String) -> String?, header: (String) -> String?, bodyField: (String) -> String?) -> Bool {
        switch self {
        case let .query(name, present): (query(name) != nil) == present
        case let .queryValue(name, value): query(name) == value
        case let .header(name, value): header(name).map { value == nil || $0 == value } ?? false
        case let .bodyField(name, value): bodyField(name).map { value == nil || $0 == value } ?? false
        }
    }
}
