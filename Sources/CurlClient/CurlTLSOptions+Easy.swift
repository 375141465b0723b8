internal import CCurl
import Foundation

extension CurlTLSOptions {
    /// Sets what the handshake trusts and presents on a libcurl easy handle: the CA bundle
    /// instead of the system store, the client certificate, its key and the key's passphrase.
    /// Returns the name of the first option libcurl refused; nil when it took them all. For
    /// connections made outside a `CurlTransport` (a proxy's tunnels), so that they trust what
    /// its transfers trust.
    public func apply(to easy: UnsafeMutableRawPointer) -> String? {
        var refused: String?
        apply(to: easy) { code, name in if code != CURLE_OK, refused == nil { refused = name } }
        return refused
    }

    func apply(to easy: UnsafeMutableRawPointer, _ check: (CURLcode, String) -> Void) {
        if let caBundle {
            // Instead of the system store, as curl's --cacert: a CA path left set would still
            // trust every public CA through the back door.
            check(ccurl_easy_setopt_string(easy, CURLOPT_CAINFO, caBundle), "CAINFO")
            check(ccurl_easy_setopt_string(easy, CURLOPT_CAPATH, nil), "CAPATH")
        }
        if let clientCertificate {
            check(ccurl_easy_setopt_string(easy, CURLOPT_SSLCERT, clientCertificate), "SSLCERT")
            check(ccurl_easy_setopt_string(easy, CURLOPT_SSLCERTTYPE, "PEM"), "SSLCERTTYPE")
        }
        if let clientKey {
            check(ccurl_easy_setopt_string(easy, CURLOPT_SSLKEY, clientKey), "SSLKEY")
            check(ccurl_easy_setopt_string(easy, CURLOPT_SSLKEYTYPE, "PEM"), "SSLKEYTYPE")
        }
        if let keyPassword {
            check(ccurl_easy_setopt_string(easy, CURLOPT_KEYPASSWD, keyPassword), "KEYPASSWD")
        }
    }
}
