import APICheck
internal import CCurl
import Foundation

/// Setting up an easy handle for a transfer, the callbacks libcurl calls on the driver thread,
/// and reading the outcome back.
extension CurlTransfer {
    /// Configures a freshly reset easy handle. Throws when libcurl refuses an option or a header
    /// cannot be sent as given.
    func configure(_ easy: UnsafeMutableRawPointer) throws(TransportError) {
        self.easy = easy
        let context = Unmanaged.passUnretained(self).toOpaque()
        var failure: (option: String, code: CURLcode)?
        func check(_ code: CURLcode, _ option: String) {
            if code != CURLE_OK && failure == nil { failure = (option, code) }
        }

        // Strings reach libcurl through `withCString` (it copies them): passed as they are, each
        // would be copied onto the heap first, for every transfer.
        request.url.absoluteString.withCString { check(ccurl_easy_setopt_string(easy, CURLOPT_URL, $0), "URL") }
        // Only HTTP(S), also after a redirect: a Location header must not reach file:// or others.
        check(ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS_STR")
        // From https, redirects stay on https: a token in a header or the query must not be
        // downgraded to plain text by a Location header.
        let secure = request.url.scheme?.lowercased() == "https"
        (secure ? "https" : "http,https").withCString {
            check(ccurl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, $0), "REDIR_PROTOCOLS_STR")
        }
        // Timeouts via signals are not thread-safe; the driver thread must never get one.
        check(ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        check(ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        check(
            ccurl_easy_setopt_write_function(
                easy,
                { data, size, count, context in
                    CurlTransfer.from(context).receiveBody(data, size * count)
                }), "WRITEFUNCTION")
        check(ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context), "WRITEDATA")
        check(
            ccurl_easy_setopt_header_function(
                easy,
                { data, size, count, context in
                    CurlTransfer.from(context).receiveHeaderLine(data, size * count)
                }), "HEADERFUNCTION")
        check(ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context), "HEADERDATA")

        // Redirects are followed by `CurlTransport.send`, which keeps them within the origin.
        check(ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0), "FOLLOWLOCATION")
        if !configuration.passThrough {
            // "" asks for every encoding this libcurl can decode, and decodes it.
            check(ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""), "ACCEPT_ENCODING")
            configuration.userAgent.withCString { check(ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, $0), "USERAGENT") }
        }
        check(
            ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout)),
            "CONNECTTIMEOUT_MS")
        check(ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(configuration.timeout)), "TIMEOUT_MS")
        check(ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, configuration.insecure ? 0 : 1), "SSL_VERIFYPEER")
        check(ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, configuration.insecure ? 0 : 2), "SSL_VERIFYHOST")
        configureTLS(easy, check)
        // Rejects early when the server announces a larger Content-Length; the write callback
        // still enforces the cap for chunked or compressed bodies. A streamed answer has no cap.
        if sink == nil {
            check(
                ccurl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maxBodyBytes)),
                "MAXFILESIZE_LARGE")
        }

        switch request.method {
        case .get:
            check(ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1), "HTTPGET")
        case HTTPMethod(rawValue: "HEAD"):
            // A custom "HEAD" would make libcurl wait for a body that never comes.
            check(ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 1), "NOBODY")
        case .post:
            break
        default:
            request.method.rawValue.withCString { check(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, $0), "CUSTOMREQUEST") }
        }
        if let source {
            configureUpload(easy, from: source, check)
        } else if let body = request.body ?? (request.method == .post ? Data() : nil) {
            check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), "POSTFIELDSIZE_LARGE")
            // COPYPOSTFIELDS copies the bytes, so `body` need not outlive this call.
            // An empty Data may have no base address; libcurl still wants a pointer.
            var nothing: UInt8 = 0
            withUnsafeMutableBytes(of: &nothing) { placeholder in
                body.withUnsafeBytes { bytes in
                    let pointer = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? placeholder.baseAddress
                    check(ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, pointer), "COPYPOSTFIELDS")
                }
            }
        }

        try buildHeaderList()
        if let headerList {
            check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), "HTTPHEADER")
        }

        if let failure {
            throw TransportError(
                .other, "libcurl rejected option \(failure.option): \(String(cString: curl_easy_strerror(failure.code)))",
                url: redactedURL)
        }
    }

    private func buildHeaderList() throws(TransportError) {
        var lines: [String] = []
        for field in request.headers {
            guard !Self.cannotBeSent(field) else {
                // The value may be a secret: name the header only.
                throw TransportError(
                    .other, "header \"\(field.name)\" cannot be sent: bad name or line break in value",
                    url: redactedURL)
            }
            // "Name:" would tell libcurl to remove the header; "Name;" sends it empty.
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        // libcurl would send "Expect: 100-continue" for large bodies and wait for the interim
        // answer; every server we talk to takes the body straight away.
        if request.header("Expect") == nil {
            lines.append("Expect:")
        }
        // A proxied request goes out with the client's headers only: libcurl would add its own Accept.
        if configuration.passThrough, request.header("Accept") == nil {
            lines.append("Accept:")
        }
        for line in lines {
            guard let appended = line.withCString({ curl_slist_append(headerList, $0) }) else {
                throw TransportError(.other, "out of memory building the header list", url: redactedURL)
            }
            headerList = appended
        }
    }

    /// A name that is empty or holds a colon, white space or a control character; a value with a
    /// line break or a NUL. Read from the UTF-8 bytes when the name is ASCII (every header but a
    /// rare one): the same answer as the scalars give, without a Unicode property lookup per byte.
    static func cannotBeSent(_ field: (name: String, value: String)) -> Bool {
        // No byte of a multi-byte UTF-8 sequence is below 0x80, so these bytes are exactly these scalars.
        if field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) { return true }
        if field.name.isEmpty { return true }
        if field.name.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII white space (tab to carriage return, space) and the controls are all at or below 0x20.
            return field.name.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: ":") }
        }
        // Scalars, not Characters: "\r\n" is one Character and equals neither "\r" nor "\n".
        return field.name.unicodeScalars.contains { $0 == ":" || $0.properties.isWhitespace || $0.value < 0x20 }
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds > 0, seconds.isFinite else { return 0 }
        return max(1, Int((seconds * 1000).rounded()))
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Returning less than `count` makes libcurl abort with CURLE_WRITE_ERROR.
    private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard count > 0, let data else { return 0 }
        if let sink, let taken = stream(data, count, to: sink) { return taken }
        if body.count + count > configuration.maxBodyBytes {
            bodyLimitHit = true
            return 0
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    /// Called once per header line of every response, redirects and interim 1xx answers
    /// included; a status line starts a new response, so only the final one's fields remain.
    private func receiveHeaderLine(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        // A folded line with no field before it is read as the scalar path reads it.
        if let line = HeaderLine(ascii: UnsafeRawBufferPointer(start: data, count: count)),
            !(headers.isEmpty && { if case .continuation = line { true } else { false } }())
        {
            switch line {
            case .status:
                // Room for a usual answer's fields at once, rather than growing field by field.
                headers.removeAll(keepingCapacity: true)
                headers.reserveCapacity(16)
                headersComplete = false
            case .end:
                headersComplete = true
            case let .continuation(text):
                headers[headers.count - 1].value += " " + text
            case let .field(name, value):
                headers.append((name: name, value: value))
            case .other:
                break
            }
            return count
        }
        let line = HeaderText.trimmed(
            Substring(String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)),
            HeaderText.isNewline)
        if line.hasPrefix("HTTP/") {
            headers.removeAll()
            headersComplete = false
        } else if line.isEmpty {
            headersComplete = true
        } else if let first = line.first, first == " " || first == "\t", !headers.isEmpty {
            headers[headers.count - 1].value += " " + HeaderText.trimmed(Substring(line), HeaderText.isSpace)
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = HeaderText.trimmed(line[line.index(after: colon)...], HeaderText.isSpace)
            headers.append((name: name, value: value))
        }
        return count
    }

    /// The response once libcurl reported the transfer done with CURLE_OK.
    func response(from easy: UnsafeMutableRawPointer) -> HTTPResponse {
        var status = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        // The driver follows no redirect, so a proxied answer comes from the URL asked: parsing
        // libcurl's copy of it back into a URL on every exchange would buy nothing.
        var url: URL? = request.url
        if !configuration.passThrough {
            var effective: UnsafePointer<CChar>?
            ccurl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
            url = effective.flatMap { URL(string: String(cString: $0)) }
        }
        var response = HTTPResponse(
            status: status, headers: headers, body: body, url: url,
            timings: Self.timings(of: easy))
        response.certificates = Self.certificates(of: easy)
        return response
    }

    private static func timings(of easy: UnsafeMutableRawPointer) -> Timings {
        func seconds(_ info: CURLINFO) -> Double {
            var value = 0.0
            return ccurl_easy_getinfo_double(easy, info, &value) == CURLE_OK ? value : 0
        }
        return Timings(
            dns: seconds(CURLINFO_NAMELOOKUP_TIME), connect: seconds(CURLINFO_CONNECT_TIME),
            tls: seconds(CURLINFO_APPCONNECT_TIME), firstByte: seconds(CURLINFO_STARTTRANSFER_TIME),
            total: seconds(CURLINFO_TOTAL_TIME))
    }
}
