/// The server could not start: the port is taken, the host is not an address, ...
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public var host: String
    /// The port that was asked for (0 = any free one).
    public var port: Int
    /// libmicrohttpd's or the system's explanation.
    public var reason: String

    public init(host: String, port: Int, reason: String) {
        self.host = host
        self.port = port
        self.reason = reason
    }

    public var description: String {
        "cannot start HTTP server on \(host):\(port): \(reason)"
    }
}
