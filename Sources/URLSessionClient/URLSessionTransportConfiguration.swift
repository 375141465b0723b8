/// How a `URLSessionTransport` behaves. The fields and defaults are `CurlConfiguration`'s, so
/// that an app and `apicheck live` hold a server to the same limits.
public struct URLSessionTransportConfiguration: Sendable {
    /// Requests in flight at once to one host (`httpMaximumConnectionsPerHost`).
    public var concurrency: Int = 8
    /// Seconds allowed for the whole transfer, redirects included.
    public var timeout: Double = 10
    /// Redirects followed (within the request's origin: scheme, host and port) before the transfer fails.
    public var maxRedirects: Int = 5
    /// A (decoded) body larger than this aborts the transfer with `.bodyTooLarge`.
    public var maxBodyBytes: Int = 32 << 20
    public var userAgent: String = "apicheck/1.0"

    public init(
        concurrency: Int = 8, timeout: Double = 10, maxRedirects: Int = 5, maxBodyBytes: Int = 32 << 20,
        userAgent: String = "apicheck/1.0"
    ) {
        self.concurrency = concurrency
        self.timeout = timeout
        self.maxRedirects = maxRedirects
        self.maxBodyBytes = maxBodyBytes
        self.userAgent = userAgent
    }
}
