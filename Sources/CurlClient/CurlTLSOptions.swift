/// What a `CurlTransport` trusts and presents in TLS handshakes. Paths name PEM files; check them
/// with `PEMFile.problem(at:expecting:)` before a run, so that a typo is a usage error and not a
/// failed handshake per request.
public struct CurlTLSOptions: Sendable, Equatable {
    /// A PEM bundle of CA certificates trusted *instead of* the system store, as curl's `--cacert`
    /// does (CURLOPT_CAINFO, with CURLOPT_CAPATH cleared). To trust both, give a bundle that
    /// holds both. Nil: the system store.
    public var caBundle: String?
    /// The client certificate (PEM) for servers that ask for one; it may hold the key too.
    public var clientCertificate: String?
    /// The client certificate's private key (PEM), when it is a file of its own.
    public var clientKey: String?
    /// The key's passphrase. A secret: never printed, never taken from a command-line flag.
    public var keyPassword: String?

    public init(caBundle: String? = nil, clientCertificate: String? = nil, clientKey: String? = nil, keyPassword: String? = nil) {
        self.caBundle = caBundle
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.keyPassword = keyPassword
    }
}
