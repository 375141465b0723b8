import CH2O
import CurlClient
import Foundation

/// The TLS context h2o's proxy reaches an https upstream with, from the options `live` takes
/// (`--cacert`, `--cert`, `--key`, `--insecure`): the chain verified against the system's CAs or
/// the bundle given, the upstream's host name or address checked by OpenSSL as part of the chain,
/// a client certificate presented when one is given.
enum H2OUpstreamTLS {
    /// A new context for `host`; throws with the reason when a file cannot be used.
    static func context(_ configuration: CurlConfiguration, host: String) throws -> OpaquePointer {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw ProxyEngineError("cannot make a TLS context") }
        let tls = configuration.tls
        SSL_CTX_set_verify(context, configuration.insecure ? SSL_VERIFY_NONE : SSL_VERIFY_PEER, nil)
        // h2o 2.2's own name check is skipped when a handshake ends with bytes still to send,
        // which every TLS 1.3 handshake does: the name is checked with the chain instead.
        let parameters = SSL_CTX_get0_param(context)
        if X509_VERIFY_PARAM_set1_ip_asc(parameters, host) != 1 {
            X509_VERIFY_PARAM_set1_host(parameters, host, 0)
        }
        if let bundle = tls.caBundle {
            guard SSL_CTX_load_verify_locations(context, bundle, nil) == 1 else {
                SSL_CTX_free(context)
                throw ProxyEngineError("cannot read the CA bundle \(bundle)")
            }
        } else {
            SSL_CTX_set_default_verify_paths(context)
        }
        if let certificate = tls.clientCertificate {
            if let password = tls.keyPassword {
                // The key's passphrase, handed over when OpenSSL asks; never read from a terminal.
                SSL_CTX_set_default_passwd_cb_userdata(context, UnsafeMutableRawPointer(strdup(password)))
                SSL_CTX_set_default_passwd_cb(context) { buffer, size, _, userdata in
                    guard let buffer, let userdata else { return 0 }
                    let length = min(Int(size), strlen(userdata.assumingMemoryBound(to: CChar.self)))
                    memcpy(buffer, userdata, length)
                    return Int32(length)
                }
            }
            guard SSL_CTX_use_certificate_chain_file(context, certificate) == 1,
                SSL_CTX_use_PrivateKey_file(context, tls.clientKey ?? certificate, SSL_FILETYPE_PEM) == 1
            else {
                SSL_CTX_free(context)
                throw ProxyEngineError("cannot use the client certificate \(certificate) and its key")
            }
        }
        return context
    }
}
