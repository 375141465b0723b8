/// What tells apart endpoints declared on one method and path (`GET sync` for the first sync and
/// `GET sync?since=…` for the next ones): `serve` routes a request to the endpoint whose
/// distinction it meets, else to the one on that route that declares none.
public enum Distinction: Sendable, Equatable, CustomStringConvertible {
    /// The query has (or lacks) this parameter.
    case query(String, present: Bool)
    /// This header is sent, with this value when one is given (names ignore case).
    case header(String, value: String? = nil)
    /// The JSON or form body has this top-level field, with this value (as text) when one is given.
    case bodyField(String, value: String? = nil)

    /// How listings and documents name it: `query since present`, `header X-Page = 2`.
    public var description: String {
        switch self {
        case let .query(name, present): "query \(name) \(present ? "present" : "absent")"
        case let .header(name, value): "header \(name)" + (value.map { " = \($0)" } ?? " present")
        case let .bodyField(name, value): "body field \(name)" + (value.map { " = \($0)" } ?? " present")
        }
    }

    /// Whether a request meets it. `bodyField` reads a field of the body as text (a JSON scalar or
    /// a form value); nil when the body has no such field.
    public func isMet(queryNames: Set<String>, header: (String) -> String?, bodyField: (String) -> String?) -> Bool {
        switch self {
        case let .query(name, present): queryNames.contains(name) == present
        case let .header(name, value): header(name).map { value == nil || $0 == value } ?? false
        case let .bodyField(name, value): bodyField(name).map { value == nil || $0 == value } ?? false
        }
    }
}
