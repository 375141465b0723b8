import Foundation

/// One certificate of the chain a server presented in its TLS handshake, as plain values: the
/// transport reads it, the live run judges it (who issued it, how long it still holds).
public struct ServerCertificate: Sendable, Equatable {
    /// The distinguished name, as the TLS library prints it (`CN = staging.example.com`).
    public var subject: String
    public var issuer: String
    public var notBefore: Date?
    public var notAfter: Date?

    public init(subject: String, issuer: String, notBefore: Date? = nil, notAfter: Date? = nil) {
        self.subject = subject
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}
