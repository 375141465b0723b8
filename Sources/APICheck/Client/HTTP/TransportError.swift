/// Why no complete HTTP answer arrived.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// The connection or the whole transfer ran past its timeout.
        case timeout
        /// Nothing listens on the port.
        case refused
        /// The host name did not resolve.
        case dns
        /// The TLS handshake or certificate verification failed.
        case tls
        /// The body grew past the configured cap; the transfer was aborted.
        case bodyTooLarge
        /// Too many redirects, a malformed answer, a connection cut mid-body, ...
        case other
    }

    public var kind: Kind
    /// A human description of what happened, e.g. libcurl's error text. Never holds secrets:
    /// transports describe the failure, not the request.
    public var message: String
    public var url: String?
    /// For `.tls`: what exactly failed, when the transport could tell.
    public var tlsFailure: TLSFailure?

    public init(_ kind: Kind, _ message: String, url: String? = nil, tlsFailure: TLSFailure? = nil) {
        self.kind = kind
        self.message = message
        self.url = url
        self.tlsFailure = tlsFailure
    }

    /// Whether this failure says the target as a whole cannot be reached (as opposed to one slow
    /// or broken endpoint).
    public var isUnreachable: Bool { kind == .refused || kind == .dns || kind == .tls }

    public var description: String {
        let what: String
        switch kind {
        case .timeout: what = "timed out"
        case .refused: what = "connection refused"
        case .dns: what = "host not found"
        case .tls: what = "TLS failed" + (tlsFailure.map { ", \($0.summary)" } ?? "")
        case .bodyTooLarge: what = "body too large"
        case .other: what = "transfer failed"
        }
        return "\(what): \(message)"
    }
}
