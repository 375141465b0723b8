/// The limits that keep an `HTTPServer` answering while hostile or broken clients hold
/// connections open. The defaults suit the sandbox and a mock server on a developer machine or a
/// CI runner; tests shrink them. docs/sandbox.md ("Sandbox and server limits") explains each one.
public struct HTTPServerConfiguration: Sendable {
    /// A request body past this many bytes is read and dropped, and answered 413.
    public var maxRequestBody: Int
    /// Bytes of request bodies being received at once, over all connections. A body that does
    /// not fit is read and dropped, and answered 503, so a thousand unfinished uploads cannot take
    /// the process's memory with them. A body's announced Content-Length is booked when its
    /// header arrives; a chunked body is booked as it grows.
    public var requestBodyBudget: Int
    /// Bodies of at most this many bytes are admitted even when the budget is spent, so that a
    /// login or a small POST still gets its answer during an upload flood (they are bounded by
    /// the connection limit: `connectionLimit` × this).
    public var smallRequestBody: Int
    /// Seconds a connection has to deliver a request's complete header, counted from the accept,
    /// or on a keep-alive connection from the end of the previous answer. Sending a byte now and
    /// then does not extend it.
    public var headerTimeout: Double
    /// Seconds a request has to deliver its body, counted from the end of its header.
    public var bodyTimeout: Double
    /// Seconds a connection may stay without any traffic (libmicrohttpd's own timeout; it also
    /// covers a client that stops reading an answer). In a pool the server's deadlines hold it
    /// instead: no wait for the client (header, body, reading the answer) lasts longer.
    public var idleTimeout: Int
    /// Seconds an answer has to reach the client, counted from when it is queued (a delay or a
    /// dribbled body the server chose adds its own length). A client that reads a few bytes now
    /// and then never reaches the idle timeout; this cuts it.
    public var sendTimeout: Double
    /// Connections open at once. Further ones are accepted and closed at once. The server raises
    /// its soft file-descriptor limit to the hard one when it starts, and keeps this below that.
    public var connectionLimit: Int
    /// Connections open at once from one client address; 0 means no limit of its own. A quarter
    /// of `connectionLimit` by default: one address alone cannot lock the others out, and
    /// `apicheck live --concurrency 256` (its most) against a local server still fits.
    public var perClientConnectionLimit: Int
    /// Query parameters one request may carry; a request with more is answered 414, and so is a
    /// query whose bytes, with 64 for each parameter's record, pass 12 KiB of the connection's
    /// 16 KiB memory (0 = neither, and libmicrohttpd closes the connection without an answer once
    /// its memory is spent: about 230 short parameters).
    public var maxQueryParameters = 128
    /// A thread per connection (the default: handlers may block) or a pool of epoll threads.
    public var threadModel: ThreadModel = .threadPerConnection
    /// Serve HTTPS with this certificate and key instead of plain HTTP; nil (the default) for HTTP.
    public var tls: HTTPServerTLS?
    /// A request body past this many bytes reaches the handler while it arrives
    /// (`ServerRequest.bodyStream`) instead of gathered: neither capped by `maxRequestBody` nor
    /// booked against `requestBodyBudget`, since it holds one small buffer, and the client is held
    /// back while the handler does not read. A pool server only; 0 gathers every body.
    public var streamsRequestBodiesPast = 0
    /// Whether requests carry `rawQuery`, the query as sent (a proxy forwards it unchanged).
    public var keepsRawQuery = false

    public init(
        maxRequestBody: Int = 8 << 20, requestBodyBudget: Int = 64 << 20, smallRequestBody: Int = 64 << 10,
        headerTimeout: Double = 10, bodyTimeout: Double = 30, idleTimeout: Int = 60, sendTimeout: Double = 60,
        connectionLimit: Int = 2048, perClientConnectionLimit: Int = 512
    ) {
        self.maxRequestBody = maxRequestBody
        self.requestBodyBudget = requestBodyBudget
        self.smallRequestBody = smallRequestBody
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.sendTimeout = sendTimeout
        self.connectionLimit = connectionLimit
        self.perClientConnectionLimit = perClientConnectionLimit
    }
}
