import Foundation

/// What an `HTTPServer` needs to speak HTTPS: its certificate (chain) and private key, PEM. Give
/// them as bytes, or as the paths of the files `openssl` or a CA wrote.
public struct HTTPServerTLS: Sendable, Equatable {
    /// The server's certificate, followed by any intermediate CA certificates.
    public var certificatePEM: Data
    /// The private key of that certificate, unencrypted.
    public var keyPEM: Data
    /// CA certificates a client certificate must chain to. When set, a request over a connection
    /// without such a certificate is answered 403 and never reaches the handler (mutual TLS).
    public var clientCAPEM: Data?
    /// Speak TLS 1.3 only, as servers of today do: their client-certificate checks come after
    /// the handshake.
    public var tls13Only = false
    /// A connection without a certificate from `clientCAPEM` is closed before any answer instead
    /// of answered 403: what a TLS 1.3 server that requires a client certificate does once the
    /// handshake is over and the client starts its request.
    public var closesWithoutClientCertificate = false

    public init(certificatePEM: Data, keyPEM: Data, clientCAPEM: Data? = nil) {
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        self.clientCAPEM = clientCAPEM
    }

    /// Reads both files now, so that a wrong path fails here, naming the file, and not at start.
    public init(certificateFile: String, keyFile: String, clientCAFile: String? = nil) throws(HTTPServerTLSError) {
        certificatePEM = try Self.read(certificateFile, holding: "CERTIFICATE-----", what: "certificate")
        keyPEM = try Self.read(keyFile, holding: "PRIVATE KEY-----", what: "private key")
        if let clientCAFile {
            clientCAPEM = try Self.read(clientCAFile, holding: "CERTIFICATE-----", what: "certificate")
        }
        if String(decoding: keyPEM, as: UTF8.self).contains("ENCRYPTED") {
            throw HTTPServerTLSError(file: keyFile, reason: "the key is encrypted; the server needs it unencrypted")
        }
    }

    private static func read(_ path: String, holding marker: String, what: String) throws(HTTPServerTLSError) -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw HTTPServerTLSError(file: path, reason: exists ? "cannot be read" : "does not exist")
        }
        guard String(decoding: data, as: UTF8.self).contains("-----BEGIN "), String(decoding: data, as: UTF8.self).contains(marker) else {
            throw HTTPServerTLSError(file: path, reason: "holds no PEM \(what)")
        }
        return data
    }
}
