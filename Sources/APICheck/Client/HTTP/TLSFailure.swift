/// Why a TLS handshake failed, told apart so that a report can say what to fix: trust the CA
/// (`--cacert`), use the right host name, renew the certificate, or present a client certificate.
public enum TLSFailure: String, Sendable, Equatable, CaseIterable {
    /// The chain does not lead to a trusted CA: a private CA not given, a self-signed certificate.
    case untrusted
    /// The certificate is not for the host name (or address) the request used.
    case hostName
    /// The certificate has expired, or is not valid yet.
    case expired
    /// The server refused the handshake: no client certificate, or one it does not accept; or
    /// the client certificate or key given could not be used.
    case clientCertificate
    /// Any other handshake failure (protocol versions, ciphers, a server that does not speak TLS).
    case handshake

    /// A short human name, what the report puts first.
    public var summary: String {
        switch self {
        case .untrusted: return "certificate not trusted (unknown CA; trust it with --cacert)"
        case .hostName: return "certificate is for another host name"
        case .expired: return "certificate expired or not yet valid"
        case .clientCertificate: return "client certificate refused or missing (see --cert and --key)"
        case .handshake: return "TLS handshake failed"
        }
    }
}
