import Foundation

/// What comes after a page: nothing (the list ended), a request, or a fault that stops the walk.
enum NextPage: Sendable {
    case end
    /// The endpoint asked again with these values; `cursor` says how, for messages (`from=t3`).
    case ask([String: ParameterValue], cursor: String)
    /// The URL a `Link` header or the answer named.
    case follow(URL)
    case fault(expected: String, found: String, message: String)
}
