internal import CMicroHTTPD

/// A way for a handler to answer a request from its line alone, before the server builds the
/// request: no String is made of the method, path, query or headers, and no `ServerRequest`.
/// A mock server answering a load test or a polling client the same bytes over and over spends
/// more on building each request than on answering it.
///
/// The server asks `answer` only for a request whose every header is in `neutralHeaders` (so it
/// has no body: `Content-Length` and `Transfer-Encoding` are never neutral) and whose line is at
/// most `maxLineBytes`, and only where no client certificate is required. nil sends the request
/// the long way; it then reaches the handler with `ServerRequest.line` set, so that the handler
/// can keep its answer under the key the shortcut will be asked with.
public final class LineShortcut: Sendable {
    /// Method, path and query together, in bytes; a longer line always goes the long way.
    public let maxLineBytes: Int
    let neutral: ASCIINameSet
    private let answer: @Sendable (RequestLine, _ host: () -> String?) -> PreparedResponse?

    /// - Parameters:
    ///   - neutralHeaders: header names (any case) that do not change an answer.
    ///   - answer: the answer kept for a line, or nil. It runs on the connection's thread and must
    ///     not block.
    public convenience init(
        neutralHeaders: Set<String>, maxLineBytes: Int, answer: @escaping @Sendable (RequestLine) -> PreparedResponse?
    ) {
        self.init(neutralHeaders: neutralHeaders, maxLineBytes: maxLineBytes) { line, _ in answer(line) }
    }

    /// - Parameters:
    ///   - answer: the answer kept for a line and, for an answer that names it (a page's links),
    ///     the request's `Host`, or nil. The `Host` is read only when asked for: a lookup that
    ///     needs only the line pays nothing for it. Runs on the connection's thread, must not block.
    public init(
        neutralHeaders: Set<String>, maxLineBytes: Int,
        answer: @escaping @Sendable (RequestLine, _ host: () -> String?) -> PreparedResponse?
    ) {
        neutral = ASCIINameSet(neutralHeaders.filter { !Self.bodyHeaders.contains($0.lowercased()) })
        // Each piece of a line is written after a two-byte length.
        self.maxLineBytes = min(max(0, maxLineBytes), 0xFFFF)
        self.answer = answer
    }

    /// The headers that announce a body: a request carrying one always goes the long way.
    static let bodyHeaders: Set<String> = ["content-length", "transfer-encoding"]

    /// A class, kept by the server and borrowed on each request: a struct read out of the
    /// server's context would retain its closure and table each time, from both pool threads.
    func answer(to line: RequestLine, connection: OpaquePointer) -> PreparedResponse? {
        answer(line) { MHD_lookup_connection_value(connection, .HEADER_KIND, "Host").map { String(cString: $0) } }
    }

    /// The line of a request that may take the shortcut: every header neutral, the line short
    /// enough.
    func line(method: UnsafePointer<CChar>, path: UnsafePointer<CChar>, connection: OpaquePointer) -> RequestLine? {
        guard headersAreNeutral(connection) else { return nil }
        return RequestLine(method: method, path: path, connection: connection, limit: maxLineBytes)
    }
}
