import APICheck
import Foundation
import HTTPServer
import MockServer

/// What the checks across pages read of a request's body to an endpoint that pages: its
/// top-level fields, where a range read carries its cursor and size (`{"start_key": "c",
/// "limit": 3}`), and everything else it says, which tells one list from another.
struct PagedRequest {
    /// The body's top-level scalar fields (a string, a number, a bool) as text.
    let bodyFields: [(name: String, value: String)]
    /// The body but the cursor, hashed; nil without a body. The pages of one list send the same
    /// filter, so a body that differs in anything but the cursor asks for another list. Only a
    /// hash is kept: a body may hold what no stream name should.
    let bodyRest: Int?

    init(_ request: ServerRequest, paging: Paging) {
        guard !request.body.isEmpty else {
            (bodyFields, bodyRest) = ([], nil)
            return
        }
        var hasher = Hasher()
        guard case let .success(values) = RequestValidator.bodyValues(of: request) else {
            // No fields to read a cursor from: the whole body says which list it asks for.
            request.body.withUnsafeBytes { hasher.combine(bytes: $0) }
            (bodyFields, bodyRest) = ([], hasher.finalize())
            return
        }
        var fields: [(name: String, value: String)] = []
        // Sorted: a client that sends the same fields in another order asks for the same list.
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            switch value {
            case let .string(text), let .number(text): fields.append((name, text))
            case let .bool(flag): fields.append((name, String(flag)))
            default: break
            }
            guard name != paging.cursor.parameter else { continue }
            hasher.combine(name)
            hasher.combine(value.compactText)
        }
        (bodyFields, bodyRest) = (fields, hasher.finalize())
    }
}
