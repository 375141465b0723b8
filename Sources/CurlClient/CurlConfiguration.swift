/// How a `CurlTransport` behaves. Every field has the default `apicheck live` uses.
public struct CurlConfiguration: Sendable {
    /// Transfers in flight at once; further sends wait their turn in arrival order.
    public var concurrency: Int = 8
    /// Seconds allowed to establish the connection (TCP and TLS).
    public var connectTimeout: Double = 10
    /// Seconds allowed for the whole transfer, connection included.
    public var timeout: Double = 10
    /// Redirects followed (within the request's origin: scheme, host and port) before the transfer fails.
    public var maxRedirects: Int = 5
    /// A (decoded) body larger than this aborts the transfer with `.bodyTooLarge`.
    public var maxBodyBytes: Int = 32 << 20
    /// Skips TLS certificate and host name verification. Off unless asked for.
    public var insecure: Bool = false
    public var userAgent: String = "apicheck/1.0"
    /// The CA bundle trusted, and the client certificate presented, in TLS handshakes.
    public var tls = CurlTLSOptions()
    /// Sends the request's headers as given and hands back the answer as it came: no
    /// `Accept-Encoding`, `Accept` or `User-Agent` of libcurl's own, a compressed body left
    /// compressed, no redirect followed. What a proxy needs to stay out of the exchange.
    public var passThrough = false
    /// Multi handles, each on a thread of its own, sharing `concurrency` between them; a
    /// transfer goes to the next in turn. libcurl looks for a free cached connection by walking
    /// every connection to the host, so a thousand transfers in flight on one handle cost a
    /// thousand steps each; split over several, each walks its share, on a core of its own.
    public var drivers = 1

    public init(
        concurrency: Int = 8, connectTimeout: Double = 10, timeout: Double = 10,
        maxRedirects: Int = 5, maxBodyBytes: Int = 32 << 20, insecure: Bool = false,
        userAgent: String = "apicheck/1.0"
    ) {
        self.concurrency = concurrency
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxRedirects = maxRedirects
        self.maxBodyBytes = maxBodyBytes
        self.insecure = insecure
        self.userAgent = userAgent
    }
}
