import Foundation

/// A request as a handler sees it: fully read, path and query already percent-decoded.
public struct ServerRequest: Sendable {
    /// "GET", "POST", ... as sent. A HEAD request arrives as "HEAD"; the server drops the body of
    /// whatever the handler answers, so a handler may treat HEAD like GET.
    public var method: String
    /// The percent-decoded path without the query, e.g. "/Api/statuses/home_timeline".
    public var path: String
    /// Percent-decoded query parameters in the order they were sent. A bare `?flag` has value "".
    public var query: [(name: String, value: String)]
    /// Header fields in the order they were sent.
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The value of the first query parameter with exactly this name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The value of the first header with this name, ignoring the case of ASCII letters.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }
}
