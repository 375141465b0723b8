import Foundation

/// A request as a handler sees it: fully read, path and query percent-decoded, the path as sent kept beside.
public struct ServerRequest: Sendable {
    /// "GET", "POST", ... as sent. A HEAD request arrives as "HEAD"; the server drops the body of
    /// whatever the handler answers, so a handler may treat HEAD like GET.
    public var method: String
    /// The percent-decoded path without the query, e.g. "/Api/statuses/home_timeline".
    public var path: String
    /// The path as sent, still percent-encoded: a router splits it on `/` before decoding, so a
    /// value with an encoded slash (`users/a%2Fb`) stays one segment.
    public var rawPath: String
    /// Percent-decoded query parameters in the order they were sent. A bare `?flag` has value "".
    public var query: [(name: String, value: String)]
    /// The query as sent, without its `?`, still percent-encoded; nil when there is none or the
    /// server does not keep it (`HTTPServerConfiguration.keepsRawQuery`).
    public var rawQuery: String?
    /// Header fields in the order they were sent.
    public var headers: [(name: String, value: String)]
    /// The body, gathered whole; empty when it comes through `bodyStream`.
    public var body: Data
    /// A body past `HTTPServerConfiguration.streamsRequestBodiesPast`, to read as it arrives: the
    /// handler is called before it has ended, and its answer is sent once it has.
    public var bodyStream: RequestBodyStream?
    /// The request's line as the server's `LineShortcut` was asked with it, when it was (it had no
    /// answer then): the key to keep an answer under for the shortcut to find. nil otherwise.
    public var line: RequestLine?
    /// The client's address (`127.0.0.1`), on a request asking for a protocol switch (an
    /// `Upgrade` header) or for server-sent events (`Accept: text/event-stream`) only: a
    /// tunnel's cap per address needs it, and no other request pays for it.
    public var clientAddress: String?

    /// Without `rawPath`, the path was sent as it reads (nothing in it needed encoding).
    public init(
        method: String, path: String, rawPath: String? = nil, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.rawPath = rawPath ?? path
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
