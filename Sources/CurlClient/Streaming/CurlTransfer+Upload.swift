internal import CCurl
import Foundation

/// A request body sent as its source gives it (`CurlBodySource`): read by libcurl's read
/// callback, the transfer paused while the source has nothing and resumed when it has.
extension CurlTransfer {
    func configureUpload(_ easy: UnsafeMutableRawPointer, from source: any CurlBodySource, _ check: (CURLcode, String) -> Void) {
        // UPLOAD sends the body from the read callback whatever the method; libcurl would say PUT.
        check(ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD, 1), "UPLOAD")
        request.method.rawValue.withCString { check(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, $0), "CUSTOMREQUEST") }
        // -1: no Content-Length, so libcurl sends the body chunked.
        check(ccurl_easy_setopt_off_t(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(source.length ?? -1)), "INFILESIZE_LARGE")
        // Set, not left to libcurl's default, so that what a streamed upload holds is a known figure.
        check(ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD_BUFFERSIZE, CurlTransport.uploadBufferBytes), "UPLOAD_BUFFERSIZE")
        check(
            ccurl_easy_setopt_read_function(
                easy,
                { buffer, size, count, context in
                    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().sendBody(buffer, size * count)
                }), "READFUNCTION")
        check(ccurl_easy_setopt_pointer(easy, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque()), "READDATA")
        source.attach(resume: { [weak driver, weak self] in
            if let driver, let self { driver.resume(self) }
        })
    }

    private func sendBody(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let source, let buffer else { return Int(CURL_READFUNC_ABORT) }
        switch source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: count)) {
        case let .bytes(read): return read
        case .wait: return Int(CURL_READFUNC_PAUSE)
        case .end: return 0
        case .abort: return Int(CURL_READFUNC_ABORT)
        }
    }
}
