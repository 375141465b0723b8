/// Per-request phase timings in seconds, each measured from the start of the request (libcurl's
/// convention), so they are cumulative: `connect >= dns`, `total >= firstByte`.
/// Zero means the phase did not happen (a reused connection has no DNS or connect time).
public struct Timings: Sendable, Equatable {
    public var dns: Double
    public var connect: Double
    public var tls: Double
    public var firstByte: Double
    public var total: Double

    public init(dns: Double = 0, connect: Double = 0, tls: Double = 0, firstByte: Double = 0, total: Double = 0) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}
