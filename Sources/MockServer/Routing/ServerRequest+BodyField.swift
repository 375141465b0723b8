import APICheck
import HTTPServer

extension ServerRequest {
    /// A top-level field of the JSON or form body as text (a string, a number, a bool); nil when
    /// the body has no such scalar field or is neither.
    func bodyField(_ name: String) -> String? {
        guard case let .success(values) = RequestValidator.bodyValues(of: self) else { return nil }
        switch values[name] {
        case let .string(text)?: return text
        case let .number(text)?: return text
        case let .bool(flag)?: return String(flag)
        default: return nil
        }
    }

    /// A paging parameter (the cursor, the size) where the request carries it: the query, else
    /// the body, as an endpoint that declares it there sends it (`"start_key"` of a range read).
    func pagingValue(_ name: String) -> String? {
        if let value = queryValue(name) { return value }
        // Only a request with a body is read as one: a GET's empty body is no JSON.
        return body.isEmpty ? nil : bodyField(name)
    }
}
