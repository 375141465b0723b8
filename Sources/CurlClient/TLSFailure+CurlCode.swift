import APICheck
internal import CCurl

extension TLSFailure {
    /// What a failed transfer says about its TLS handshake, from libcurl's code and detailed
    /// error text (OpenSSL's wording; GnuTLS's where it differs). Nil when it is no TLS failure.
    /// `certificateRequested`: the server asked for a client certificate during the handshake and
    /// none was given. A TLS 1.3 server refuses that after the handshake, when the request is
    /// sent: the write fails or the connection closes, often with no alert text to go by.
    init?(curlCode code: CURLcode, detail: String, clientCertificateGiven: Bool, certificateRequested: Bool = false) {
        let text = detail.lowercased()
        func mentions(_ phrases: String...) -> Bool { phrases.contains { text.contains($0) } }
        // Alerts the server sends about the client's certificate, or its absence. With TLS 1.3
        // they arrive after the client considers the handshake done, with the first read.
        let refusesClient = mentions(
            "alert certificate required", "alert bad certificate", "alert unknown ca",
            "alert certificate unknown", "alert certificate revoked", "alert certificate expired",
            "alert access denied")
        switch code {
        case CURLE_PEER_FAILED_VERIFICATION:
            if mentions("expired", "not yet valid", "not yet activated") {
                self = .expired
            } else if mentions("host name", "subject name", "hostname") {
                self = .hostName
            } else {
                self = .untrusted
            }
        case CURLE_SSL_CERTPROBLEM, CURLE_SSL_CLIENTCERT:
            self = .clientCertificate
        case CURLE_SSL_CONNECT_ERROR:
            // TLS 1.2 servers that require a client certificate answer its absence with a bare
            // "handshake failure"; without one given, that is the likely reason.
            self =
                refusesClient || certificateRequested || (!clientCertificateGiven && mentions("alert handshake failure"))
                ? .clientCertificate : .handshake
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
            guard refusesClient || certificateRequested else { return nil }
            self = .clientCertificate
        case CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED:
            self = .handshake
        default:
            return nil
        }
    }
}
