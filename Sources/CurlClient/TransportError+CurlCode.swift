import APICheck
internal import CCurl

extension TransportError {
    /// Classifies a failed transfer. The message is libcurl's description plus its detailed
    /// error text; neither quotes request headers, and the URL is given without its query.
    init(curlCode code: CURLcode, transfer: CurlTransfer) {
        let url = transfer.redactedURL
        let limit = transfer.configuration.maxBodyBytes
        if code == CURLE_FILESIZE_EXCEEDED || (code == CURLE_WRITE_ERROR && transfer.bodyLimitHit) {
            self.init(.bodyTooLarge, "response body exceeds the limit of \(Self.describeBytes(limit))", url: url)
            return
        }
        let summary = String(cString: curl_easy_strerror(code))
        let detail = transfer.errorText
        // "Timeout was reached" adds nothing to "Operation timed out after 1000 milliseconds ...".
        let message =
            detail.isEmpty || detail == summary
            ? summary
            : code == CURLE_OPERATION_TIMEDOUT ? detail : "\(summary): \(detail)"
        let tls = transfer.configuration.tls
        let asked = tls.clientCertificate == nil && ccurl_certificate_requested(transfer.number) != 0
        if let failure = TLSFailure(
            curlCode: code, detail: detail, clientCertificateGiven: tls.clientCertificate != nil,
            certificateRequested: asked)
        {
            self.init(.tls, message, url: url, tlsFailure: failure)
            return
        }
        self.init(Self.kind(of: code), message, url: url)
    }

    private static func kind(of code: CURLcode) -> Kind {
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .refused
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dns
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED:
            return .tls
        default:
            return .other
        }
    }

    /// "1 MiB (1048576 bytes)" for whole MiB, "1500 bytes" otherwise.
    static func describeBytes(_ count: Int) -> String {
        let mebibyte = 1 << 20
        if count >= mebibyte && count % mebibyte == 0 {
            return "\(count / mebibyte) MiB (\(count) bytes)"
        }
        return "\(count) bytes"
    }
}
