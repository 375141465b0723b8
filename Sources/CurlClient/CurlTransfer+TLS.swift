import APICheck
internal import CCurl
import Foundation

/// The TLS side of a transfer: what it trusts and presents, and the certificates it saw.
extension CurlTransfer {
    func configureTLS(_ easy: UnsafeMutableRawPointer, _ check: (CURLcode, String) -> Void) {
        let tls = configuration.tls
        // The chain of every new connection, for the report's certificate findings.
        check(ccurl_easy_setopt_long(easy, CURLOPT_CERTINFO, 1), "CERTINFO")
        tls.apply(to: easy, check)
        if tls.clientCertificate == nil, request.url.scheme?.lowercased() == "https" {
            // Not every libcurl can watch (GnuTLS builds cannot): then the refusal is told by its alert only.
            _ = ccurl_watch_certificate_request(easy, number)
        }
    }

    /// The chain libcurl recorded for this transfer's connection (leaf first); empty for plain
    /// HTTP and for a connection reused from an earlier transfer.
    static func certificates(of easy: UnsafeMutableRawPointer) -> [ServerCertificate] {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard ccurl_easy_getinfo_certinfo(easy, &info) == CURLE_OK, let info, info.pointee.num_of_certs > 0,
            let lists = info.pointee.certinfo
        else { return [] }
        return (0..<Int(info.pointee.num_of_certs)).compactMap { index in
            var lines: [String] = []
            var node = lists[index]
            while let current = node {
                if let data = current.pointee.data { lines.append(String(cString: data)) }
                node = current.pointee.next
            }
            return ServerCertificate(certInfo: lines)
        }
    }
}
